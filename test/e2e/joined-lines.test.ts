// A message built in an array and joined (joined.ts, shared/built-text.ts), reached through an ES5
// class's methods (`this.reportError(token)` → `this.reportErrorCommon(…)`, both assigned as
// `Parser.prototype.m = function …`): nearley's `lines.push(…)` … `return lines.join("\n")`, an
// `if … else` whose branches push different texts, a loop and a helper given the array. Real code:
// nearley's parser, run by node for the messages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const NEARLEY = path.resolve(import.meta.dirname, '../../eval/node_modules/nearley/lib');

describe('messages joined from an array the method pushes to', () => {
  let db: string;
  let text: string;
  beforeAll(() => {
    const root = tmpDir('joined-nearley');
    text = fs.readFileSync(path.join(NEARLEY, 'nearley.js'), 'utf8');
    write(root, 'lib/nearley.js', text);
    db = path.join(tmpDir('joined-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
  });

  it("names the parser's raise of a token error and of a lexer error", () => {
    const code = [
      `const nearley = require(${JSON.stringify(path.join(NEARLEY, 'nearley.js'))});`,
      `const grammar = require(${JSON.stringify(path.join(NEARLEY, 'nearley-language-bootstrapped.js'))});`,
      "for (const src of ['main -> \"a\" |||', 'main -> \\u00a7']) {",
      '  try { new nearley.Parser(nearley.Grammar.fromCompiled(grammar)).feed(src); } catch (e) { console.log(JSON.stringify(e.message)); }',
      '}',
    ].join('\n');
    const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
    const messages = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as string);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^Syntax error at line 1 col 14:\n[\s\S]*\nUnexpected \| token: "\|". Instead, I was expecting/);
    expect(messages[1]).toMatch(/^invalid syntax at line 1 col 9:\n[\s\S]*\nUnexpected input \(lexer error\)\. Instead, I was expecting/);
    const lines = text.split('\n');
    const tokenRaise = lines.findIndex((l) => l.includes('new Error(this.reportError(token))')) + 1;
    const lexerRaise = lines.findIndex((l) => l.includes('new Error(this.reportLexerError(e))')) + 1;
    expect(tokenRaise * lexerRaise).toBeGreaterThan(0);
    for (const [m, line] of [[messages[0], tokenRaise], [messages[1], lexerRaise]] as const) {
      const out = errdex(['explain', m, '--db', db, '--json']);
      expect(out.code).toBe(0);
      const h = explainOutput(out.stdout).hits[0];
      expect(h.matchType).toBe('template');
      expect(h.lines).toContain(line);
      // (the branch that ran: its text, not the other's)
      expect(h.message).toContain('. Instead, I was expecting to see one of the following:\n');
    }
  });
});

// moo's lexer: `throw new Error(this.formatError(token, "invalid syntax"))`, whose `errorLines` are
// pushed to in a loop after two writes of known text; the message argument given by the call is in it.
const MOO = path.resolve(import.meta.dirname, '../../eval/node_modules/moo/moo.js');

describe("a joined message of a method given the message's first words (moo)", () => {
  it('reads the words the raise gives the method', () => {
    const root = tmpDir('joined-moo');
    const text = fs.readFileSync(MOO, 'utf8');
    write(root, 'moo.js', text);
    const db = path.join(tmpDir('joined-moo-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
    const code = `const moo = require(${JSON.stringify(MOO)}); const l = moo.compile({ ws: /[ \\t]+/, word: /[a-z]+/ }); l.reset('abc def\\nxy 12');
try { for (const t of l); } catch (e) { console.log(JSON.stringify(e.message)); }`;
    const m = JSON.parse(spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' }).stdout) as string;
    expect(m).toMatch(/^invalid syntax at line 1 col \d+:\n\n1 {2}abc def\n/);
    const raise = text.split('\n').findIndex((l) => l.includes('new Error(this.formatError(token, "invalid syntax"))')) + 1;
    const h = explainOutput(errdex(['explain', m, '--db', db, '--json']).stdout).hits[0];
    expect(h.lines).toContain(raise);
    expect(h.message).toBe('invalid syntax at line {line} col {col}:\n\n{errorLines}');
  });
});

// The shapes in code written here: each branch's reading, a push under an `if` with no `else`
// (with and without it), and an array used another way, which stays one hole.
const CODE = `function Report() {}
Report.prototype.fail = function (what, n) {
  throw new Error(this.describe(what, n));
};
Report.prototype.describe = function (what, n) {
  var out = ['Bad ' + what + ':'];
  if (n > 1) {
    out.push('saw ' + n + ' of them');
  } else {
    out.push('saw one');
  }
  if (n > 5) out.push('(too many)');
  return out.join(' ');
};
function reset(list) {
  var xs = [];
  xs.push('keep out');
  xs = list;
  throw new Error(xs.join(','));
}
module.exports = { Report, reset };
`;

describe('joined arrays: readings and what stays a hole', () => {
  let db: string;
  beforeAll(() => {
    const root = tmpDir('joined-own');
    write(root, 'lib/report.js', CODE);
    db = path.join(tmpDir('joined-own-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
  });

  it('gives each branch its reading, an optional push with and without it', () => {
    const run = spawnSync(process.execPath, ['-e', `${CODE}\nfor (const n of [1, 3, 7]) { try { new Report().fail('row', n); } catch (e) { console.log(e.message); } }`], { encoding: 'utf8' });
    const messages = run.stdout.trim().split('\n');
    expect(messages).toEqual(['Bad row: saw one', 'Bad row: saw 3 of them', 'Bad row: saw 7 of them (too many)']);
    const templates = messages.map((m) => {
      const h = explainOutput(errdex(['explain', m, '--db', db, '--json']).stdout).hits[0];
      expect(h.lines).toContain(3);
      return h.message;
    });
    expect(templates).toEqual(['Bad {what}: saw one', 'Bad {what}: saw {n} of them', 'Bad {what}: saw {n} of them (too many)']);
  });

  it('leaves an array assigned again a hole', () => {
    const out = errdex(['explain', 'keep out', '--db', db, '--json']);
    const hits = out.stdout ? explainOutput(out.stdout).hits : [];
    expect(hits.filter((h: { lines: number[] }) => h.lines.includes(19))).toHaveLength(0);
  });
});
