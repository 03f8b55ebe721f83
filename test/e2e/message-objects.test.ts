// Messages written on plain objects an error class is later built from (decision 0023, heldPlain):
// valibot's `_addIssue` builds `{ kind, …, message: `Invalid ${label}: …` }` and pushes it to
// `dataset.issues`; `parse` throws `new ValiError(dataset.issues)`, whose constructor calls
// `super(issues[0].message)`. V8 takes the stack at `new ValiError`, so the raise is the record,
// with its message defined at the object. Real code: valibot's ESM bundle, run by node for the messages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const VALIBOT = path.resolve(import.meta.dirname, '../../eval/node_modules/valibot/dist/index.mjs');

describe('messages kept on plain objects, raised by an error class given them', () => {
  let db: string;
  let text: string;
  beforeAll(() => {
    // (the ESM bundle alone: one file, the real code)
    const root = tmpDir('msgobj-valibot');
    text = fs.readFileSync(VALIBOT, 'utf8');
    write(root, 'dist/index.mjs', text);
    db = path.join(tmpDir('msgobj-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
  });

  it("names the raise of each issue's message, defined at the object", () => {
    const code = [
      `import * as v from ${JSON.stringify(VALIBOT)};`,
      "for (const f of [() => v.parse(v.number(), '42'), () => v.parse(v.pipe(v.string(), v.email()), 'ada.example.com')]) {",
      '  try { f(); } catch (e) { console.log(JSON.stringify(e.message)); }',
      '}',
    ].join('\n');
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });
    const messages = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as string);
    expect(messages).toEqual(['Invalid type: Expected number but received "42"', 'Invalid email: Received "ada.example.com"']);
    const lines = text.split('\n');
    const parseThrow = lines.findIndex((l, i) => /throw new ValiError\(dataset\.issues\)/.test(l) && /^function parse\(/.test(lines[i - 2] ?? '')) + 1;
    const defined = lines.findIndex((l) => /^\s*message: `Invalid \$\{label\}/.test(l)) + 1;
    expect(parseThrow).toBeGreaterThan(0);
    expect(defined).toBeGreaterThan(0);
    for (const m of messages) {
      const out = errdex(['explain', m, '--db', db, '--json']);
      expect(out.code).toBe(0);
      const h = explainOutput(out.stdout).hits[0];
      expect(h.record.errorClass).toBe('ValiError');
      expect(h.matchType).toBe('template');
      expect(h.lines).toContain(parseThrow);
      expect(h.record.definedAt).toEqual({ filePath: 'dist/index.mjs', line: defined });
    }
    // (`${expected ? `Expected ${expected} but r` : "R"}eceived`: each reading written out, not one hole)
    const templates = messages.map((m) => explainOutput(errdex(['explain', m, '--db', db, '--json']).stdout).hits[0].message);
    expect(templates).toEqual(['Invalid {label}: Expected {expected} but received {received}', 'Invalid {label}: Received {received}']);
  });
});

// The same shapes in code written here: a choice between two texts inside a template literal, on a
// plain object an error class is built from and in a message thrown where it is written.
const CHECKS = `class CheckError extends Error {
  constructor(issues) {
    super(issues[0].message);
  }
}

function check(value, wanted) {
  const issues = [];
  if (typeof value !== wanted) issues.push({ message: \`Bad value: \${wanted ? \`wanted \${wanted} but g\` : 'G'}ot \${typeof value}\` });
  if (issues.length) throw new CheckError(issues);
}

function need(key) {
  throw new Error(\`Missing \${key ? \`key \${key}\` : 'value'} in the config\`);
}

module.exports = { check, need };
`;

describe('a choice between written texts inside a template literal', () => {
  let db: string;
  let root: string;
  beforeAll(() => {
    root = tmpDir('choice-js');
    write(root, 'checks.js', CHECKS);
    db = path.join(tmpDir('choice-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
  });

  it('each reading is a template of its own, at the raise', () => {
    const code = `const c = require(${JSON.stringify(path.join(root, 'checks.js'))});
for (const f of [() => c.check('1', 'number'), () => c.check('1', ''), () => c.need('port'), () => c.need('')]) {
  try { f(); } catch (e) { console.log(JSON.stringify(e.message)); }
}`;
    const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
    const messages = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as string);
    expect(messages).toEqual(['Bad value: wanted number but got string', 'Bad value: Got string', 'Missing key port in the config', 'Missing value in the config']);
    const hits = messages.map((m) => explainOutput(errdex(['explain', m, '--db', db, '--json']).stdout).hits[0]);
    expect(hits.map((h) => h.message)).toEqual([
      'Bad value: wanted {wanted} but got {value}', 'Bad value: Got {value}', 'Missing key {key} in the config', 'Missing value in the config',
    ]);
    expect(hits.map((h) => h.lines[0])).toEqual([10, 10, 14, 14]);
  });
});

// superstruct's refinements and types return `true` or a message (`return (min <= length && length
// <= max) || \`${expected} with a length ${of} …\``); `toFailure` wraps a string into `{ message }`,
// and `validate` raises `new StructError(failure, …)`, whose constructor destructures the message
// (`const { message, explanation, ...rest } = failure`) and passes a choice of it to `super`.
const SUPERSTRUCT = path.resolve(import.meta.dirname, '../../eval/node_modules/superstruct/dist/index.cjs');

describe('messages validator callbacks return, raised by an error class given the failure', () => {
  let db: string;
  let text: string;
  beforeAll(() => {
    const root = tmpDir('msgobj-superstruct');
    text = fs.readFileSync(SUPERSTRUCT, 'utf8');
    write(root, 'dist/index.cjs', text);
    db = path.join(tmpDir('msgobj-ss-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
  });

  it('names the raise of each returned message, defined at the return', () => {
    const code = [
      `const s = require(${JSON.stringify(SUPERSTRUCT)});`,
      "for (const f of [() => s.create('ab', s.size(s.string(), 3, 20)), () => s.create('verbose', s.enums(['debug', 'info']))]) {",
      '  try { f(); } catch (e) { console.log(JSON.stringify(e.message)); }',
      '}',
    ].join('\n');
    const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
    const messages = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as string);
    expect(messages).toEqual(['Expected a string with a length between `3` and `20` but received one with a length of `2`', 'Expected one of `"debug","info"`, but received: "verbose"']);
    const lines = text.split('\n');
    const raise = lines.findIndex((l) => /const error = new StructError\(tuple\[0\]/.test(l)) + 1;
    const defined = [lines.findIndex((l) => /\$\{expected\} with a length \$\{of\}/.test(l)) + 1, lines.findIndex((l) => /`Expected one of \\`/.test(l)) + 1];
    expect(raise).toBeGreaterThan(0);
    expect(defined.every((d) => d > 0)).toBe(true);
    messages.forEach((m, i) => {
      const out = errdex(['explain', m, '--db', db, '--json']);
      expect(out.code).toBe(0);
      const h = explainOutput(out.stdout).hits[0];
      expect(h.record.errorClass).toBe('StructError');
      expect(h.matchType).toBe('template');
      expect(h.lines).toContain(raise);
      expect(h.record.definedAt).toEqual({ filePath: 'dist/index.cjs', line: defined[i] });
    });
  });
});
