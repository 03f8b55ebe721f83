// A wrapper with little text of its own (`raise TemplateError('%s Line %s.' % (error, num))`) in a
// large index: its few words (` Line `) bring in hundreds of other templates, so the word lookup
// would leave it out. The raise of the caught class in the `try` body puts its text in the wrapper's
// hole (decision 0086), so the wrapper is found by the inner text's words, and the inner raise is a
// hit of its own. The message comes from running the code.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const PARSER = `class TemplateError(Exception):
    pass


class Value:
    def parse(self, line):
        if len(line.split()) < 3:
            raise TemplateError('Expect at least 3 tokens on line.')
        return line.split()


class Template:
    def parse_values(self, text):
        values = []
        for num, line in enumerate(text.splitlines(), 1):
            value = Value()
            try:
                values.append(value.parse(line))
            except TemplateError as error:
                raise TemplateError('%s Line %s.' % (error, num))
        return values
`;

// Other code whose messages share the message's words: each template is read by the lookup before
// the wrapper's bare ` Line `.
const WORDS = ['Expect', 'at', 'least', 'tokens', 'on', 'line'];
const NOISE = WORDS.flatMap((a) => WORDS.filter((b) => b !== a).map((b) => `${a} ${b}`)).map((pair, i) =>
  `def check_${i}(x):\n    if x:\n        raise ValueError('${pair} line %s of the input' % x)\n`).join('\n');

let db: string;
let message: string;

beforeAll(() => {
  const dir = tmpDir('wrapped-beside');
  db = path.join(dir, 'db.sqlite');
  const lib = path.join(dir, 'lib');
  write(lib, 'fsm/parser.py', PARSER);
  write(lib, 'fsm/checks.py', NOISE);
  const run = spawnSync('/usr/bin/python3', ['-c', 'from fsm.parser import Template\ntry:\n    Template().parse_values("a b")\nexcept Exception as e:\n    print(e)'], { cwd: lib, encoding: 'utf8' });
  message = run.stdout.trim();
  expect(errdex(['analyze', lib, '--db', db]).code).toBe(0);
}, 60_000);

describe('a wrapper with a short text of its own, among many candidates', () => {
  it('is found, the caught raise\'s text in its hole, and the inner raise is a hit too', () => {
    expect(message).toBe('Expect at least 3 tokens on line. Line 1.');
    const out = explainOutput(errdex(['explain', '--db', db, '--json', message]).stdout);
    const hits = out.links[0].hits;
    // (its message: the caught raise's texts in its hole, decision 0086)
    const wrapper = hits.find((h: { message: string }) => h.message === 'Expect at least 3 tokens on line. Line {num}.');
    expect(wrapper, JSON.stringify(hits.map((h: { message: string }) => h.message))).toBeDefined();
    expect(wrapper.record).toMatchObject({ filePath: 'fsm/parser.py', lineNumber: 20 });
    const inner = hits.find((h: { message: string }) => h.message === 'Expect at least 3 tokens on line.');
    expect(out.records[inner.recordId].lineNumber).toBe(8);
  });
});

describe('a handler of the inner raise\'s class that raises it again with text of its own', () => {
  it('is the answer: the error that left the `try` is the handler\'s, the raise it caught next', () => {
    const out = explainOutput(errdex(['explain', '--db', db, '--json', message]).stdout);
    const hits = out.links[0].hits;
    expect(hits.slice(0, 2).map((h: { recordId: string }) => out.records[h.recordId].lineNumber)).toEqual([20, 8]);
  });

  it('leaves the inner raise first for its own message, which no handler changed', () => {
    const out = explainOutput(errdex(['explain', '--db', db, '--json', 'Expect at least 3 tokens on line.']).stdout);
    expect(out.records[out.links[0].hits[0].recordId].lineNumber).toBe(8);
  });
});
