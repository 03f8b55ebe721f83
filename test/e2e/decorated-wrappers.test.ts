// A decorator that translates the errors of the functions it decorates, end to end: the fixture's
// `@to_codec_error` catches `struct.error` around each decorated function and raises its message
// as a CodecError (`raise CodecError(e.args[0])`). The message alone is the runtime's (`struct.pack`'s,
// from the native catalogue), and it must name the decorator's raise: the line the trace shows.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const PY = '/usr/bin/python3';

const CODEC = `import struct
from functools import wraps


class CodecError(Exception):
    pass


def to_codec_error(function):
    @wraps(function)
    def result(self, value):
        try:
            return function(self, value)
        except struct.error as e:
            raise CodecError(e.args[0]) from None
    return result


def undecorated(function):
    def result(self, value):
        try:
            return function(self, value)
        except struct.error as e:
            raise CodecError(e.args[0]) from None
    return result


class Writer:
    def __init__(self):
        self.parts = []

    @to_codec_error
    def word(self, x):
        self.parts.append(struct.pack('>L', x))

    @to_codec_error
    def real(self, x):
        self.parts.append(struct.pack('>d', x))

    def plain(self, x):
        self.parts.append(struct.pack('>L', x))
`;

describe('a decorator raising the errors of the functions it decorates', () => {
  let db: string;
  let root: string;

  beforeAll(() => {
    db = path.join(tmpDir('decorated-db'), 'i.sqlite');
    root = tmpDir('decorated-py');
    write(root, 'codec/__init__.py', '');
    write(root, 'codec/writer.py', CODEC);
    expect(errdex(['analyze', root, '--db', db, '--repo', 'acme/codec']).code).toBe(0);
  });

  const explain = (input: string) => {
    const r = errdex(['explain', '-', '--db', db, '--json', '--limit', '5'], { input });
    expect(r.code).toBe(0);
    return explainOutput(r.stdout);
  };
  const runPy = (code: string) => spawnSync(PY, ['-c', code], { cwd: root, encoding: 'utf8' }).stderr;

  it("the runtime's message of a decorated function's call names the decorator's raise", () => {
    for (const [call, message] of [['word(-1)', 'argument out of range'], ['real("x")', 'required argument is not a float']]) {
      const trace = runPy(`from codec.writer import Writer; Writer().${call}`);
      expect(trace).toContain(`codec.writer.CodecError: ${message}`);
      // (the trace's innermost frame is the raise of the decorator's wrapper)
      expect(trace).toContain('line 15, in result');
      const hits = explain(message).hits;
      const at = hits.map((h: { record: { filePath: string }; line: number }) => `${h.record.filePath}:${h.line}`);
      expect(at[0], JSON.stringify(at)).toBe('codec/writer.py:15');
      expect(hits[0].record.errorClass).toBe('CodecError');
    }
  });

  it('a function decorating nothing lends its raise no message', () => {
    const at = explain('argument out of range').hits.map((h: { record: { filePath: string }; line: number }) => `${h.record.filePath}:${h.line}`);
    expect(at).not.toContain('codec/writer.py:24');
  });
});
