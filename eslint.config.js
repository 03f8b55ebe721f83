import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-tools/**', 'node_modules/**', 'eval/node_modules/**', 'eval/corpus/**', 'test/**/fixtures/**', 'src/languages/*/cases/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // The CLI writes to the terminal only through src/cli/terminal.ts (out, err: Safe text only).
    files: ['src/cli/**/*.ts'],
    ignores: ['src/cli/terminal.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.object.name='process'][object.property.name=/^(stdout|stderr)$/][property.name=/^(write|end)$/]", message: 'write through out()/err() of src/cli/terminal.ts' },
        { selector: "MemberExpression[object.name='console']", message: 'write through out()/err() of src/cli/terminal.ts' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
