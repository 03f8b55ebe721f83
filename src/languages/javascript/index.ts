// The JavaScript/TypeScript pack: one analyzer over the JavaScript, TypeScript and
// TSX grammars, and V8 (Node) stack traces. What only analysis uses is in
// analyzer.ts, imported on first use.

import type { LanguagePack } from '../../core/pack.js';
import { repr } from './repr.js';
import { catchSnippet, tsTypeGuardSnippet, typeGuardSnippet } from './snippets.js';
import { v8QuotedCode } from './quoted.js';
import { v8Trace } from './trace.js';
import { JAVASCRIPT_RUNTIME } from './runtime-texts.js';

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
const TYPE_DECL = /\.d\.[cm]?ts$/;

export const javascriptPack: LanguagePack = {
  id: 'javascript',
  languages: [
    { name: 'javascript', extensions: ['js', 'cjs', 'mjs', 'jsx'], pathsFromPackageDir: true, quotedCode: v8QuotedCode, catchSnippet, typeGuardSnippet },
    { name: 'typescript', extensions: ['ts', 'tsx', 'mts', 'cts'], compiled: true, pathsFromPackageDir: true, quotedCode: v8QuotedCode, catchSnippet, typeGuardSnippet: tsTypeGuardSnippet },
  ],
  files: {
    testDirs: ['__tests__', '__test__', '__fixtures__'],
    skipDirs: ['node_modules'],
    skipFile: (name, includeTests) => (!includeTests && TEST_FILE.test(name) ? 'test file' : TYPE_DECL.test(name) ? 'type declarations' : null),
  },
  trace: v8Trace,
  runtime: JAVASCRIPT_RUNTIME,
  repr,
  analyzer: async () => (await import('./analyzer.js')).analyzer,
};
