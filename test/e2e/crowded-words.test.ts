// A message whose only word is one hundreds of templates also hold (`Expected \`)\``: `expected`)
// is still found when one library writes a hundred such templates (typebox's `Expected {const}`,
// `Expected boolean`, …): the candidates kept for scoring must reach past the first library's.
import { describe, expect, it } from 'vitest';
import { errdex, tmpDir, write } from './cli.js';

describe('a message of one common word', () => {
  it('finds its exact template behind a hundred templates of the same word', () => {
    const root = tmpDir('errdex-crowded-');
    const many = Array.from({ length: 100 }, (_, i) => `export function check${i}(v) {\n  if (typeof v !== 'number') throw new Error('Expected ' + v.kind${i});\n}\n`).join('');
    write(root, 'a-checks/index.js', many);
    write(root, 'b-parse/parse.js', "export function close(t) {\n  if (t !== ')') {\n    throw new Error('Expected `)`');\n  }\n}\n");
    const db = `${root}/idx.sqlite`;
    expect(errdex(['analyze', '--db', db, root]).code).toBe(0);
    const r = errdex(['explain', '--db', db, '--json', 'Expected `)`']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { hits: { recordId: string; line: number; score: number }[]; records: Record<string, { filePath: string }> };
    const first = out.hits[0];
    expect(first.line).toBe(3);
    expect(JSON.stringify(out.records)).toContain('b-parse/parse.js');
  });
});

describe('a long message of common words', () => {
  it('finds the long template most of whose words it holds behind hundreds of short ones all of whose words it holds', () => {
    const root = tmpDir('errdex-crowded-long-');
    const words = ['invalid', 'configuration', 'object', 'has', 'been', 'initialized', 'using', 'that', 'does', 'match', 'schema', 'retries', 'should'];
    const pairs: string[] = [];
    for (const a of words) for (const b of words) if (a < b) pairs.push(`${a} ${b}`);
    const many = pairs.map((p, i) => `export function check${i}(v) {\n  if (!v) throw new Error('${p}: ' + v.name);\n}\n`).join('');
    write(root, 'a-checks/index.js', many);
    write(root, 'b-schema/validate.js', [
      'export function validate(errors, what, header, rest) {',
      '  if (errors.length > 0) {',
      "    throw new Error('Invalid ' + what + ' object. ' + header + ' has been initialized using a ' + what + ' object that does not match the API schema.\\n' + errors.join('\\n') + '\\nand ' + rest + ' more errors');",
      '  }',
      '}',
      '',
    ].join('\n'));
    const db = `${root}/idx.sqlite`;
    expect(errdex(['analyze', '--db', db, root]).code).toBe(0);
    const message = 'Invalid configuration object. Object has been initialized using a configuration object that does not match the API schema.\n - configuration.retries should be >= 1.';
    const r = errdex(['explain', '--db', db, '--json', message]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { hits: { recordId: string; line: number }[]; records: Record<string, { filePath: string }> };
    expect(out.hits[0].line).toBe(3);
    expect(out.records[out.hits[0].recordId].filePath).toContain('b-schema/validate.js');
  });
});
