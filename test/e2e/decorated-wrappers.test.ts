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


def translate(error):
    def deco(function):
        def result(self, value):
            try:
                return function(self, value)
            except error as e:
                raise CodecError(e.args[0])
        return result
    return deco


class Writer:
    def __init__(self):
        self.parts = []

    @to_codec_error
    def word(self, x):
        self.parts.append(struct.pack('>L', x))

    @to_codec_error
    def real(self, x):
        self.parts.append(struct.pack('>d', x))

    @translate(struct.error)
    def short(self, x):
        self.parts.append(struct.pack('>H', x))

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

  it('a decorator its factory returns: `@translate(struct.error)`', () => {
    const trace = runPy('from codec.writer import Writer; Writer().short("x")');
    expect(trace).toContain('codec.writer.CodecError: required argument is not an integer');
    expect(trace).toContain('line 34, in result');
    // (both decorators' raises carry struct.pack's message: one record of the file (one id per message
    // per file), its lines both raises and the calls of struct.pack)
    const [hit] = explain('required argument is not an integer').hits;
    expect([hit.record.filePath, hit.line, hit.record.errorClass]).toEqual(['codec/writer.py', 15, 'CodecError']);
    expect(hit.lines.slice(0, 2)).toEqual([15, 34]);
  });

  it('a function decorating nothing lends its raise no message', () => {
    const hits = explain('argument out of range').hits;
    expect(hits.length).toBeGreaterThan(0);
    const at = hits.flatMap((h: { record: { filePath: string }; lines: number[] }) => h.lines.map((l) => `${h.record.filePath}:${l}`));
    expect(at).toContain('codec/writer.py:15');
    expect(at).not.toContain('codec/writer.py:24');
  });
});
