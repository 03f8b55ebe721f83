// Hits tied on one text (no frame, the same message raised in two functions of a library): the
// raise that runs first for one bad input goes first (service/origin-first.ts), whatever the paths'
// lengths say. Each tree puts the raise that runs first in the longer path, which the order without
// that reading puts second.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

let db: string;

beforeAll(() => {
  const root = tmpDir('origin');
  // Python: the wrapper checks, then calls the inner function, which checks the same again.
  write(root, 'py/pkg/api_wrapper.py', [
    'from pkg import core', '', '', 'class Api:', '    def decode(self, token, algorithms=None):', '        if not algorithms:',
    '            raise ValueError(\'You must pass the "algorithms" argument\')', '        return core.decode(token, algorithms)', '',
  ].join('\n'));
  write(root, 'py/pkg/core.py', [
    'def decode(token, algorithms=None):', '    if not algorithms:', '        raise ValueError(\'You must pass the "algorithms" argument\')', '    return token', '',
  ].join('\n'));
  // Java: the parser raises; a reader catches that class and raises the same text as another class.
  write(root, 'java/p/NameParser.java', [
    'package p;', '', 'class NameParser {', '    static void parse(String name) throws InvalidNameException {', '        if (name.isEmpty()) {',
    '            throw new InvalidNameException("Invalid name: " + name);', '        }', '    }', '}', '',
  ].join('\n'));
  write(root, 'java/p/N.java', [
    'package p;', '', 'class N {', '    void readObject(String s) throws java.io.IOException {', '        try {', '            NameParser.parse(s);',
    '        } catch (InvalidNameException e) {', '            throw new java.io.StreamCorruptedException("Invalid name: " + s);', '        }', '    }', '}', '',
  ].join('\n'));
  // Ruby: the function calls the other's function before its own raise: the other checks first.
  write(root, 'rb/lib/instantiator.rb', [
    'module Lib', '  class Instantiator', '    def self.instantiate(name)', '      reflector = Registry.reflector(name)', '      if reflector.nil?',
    '        raise ArgumentError, "Type #{name} is not instantiable"', '      end', '      reflector', '    end', '  end', 'end', '',
  ].join('\n'));
  write(root, 'rb/lib/registry_of_types.rb', [
    'module Lib', '  class Registry', '    def self.reflector(name)', "      if name.start_with?('Closure')",
    '        raise ArgumentError, "Type #{name} is not instantiable"', '      end', '      name', '    end', '  end', 'end', '',
  ].join('\n'));
  // Python: a parser hands its message to a helper that raises it; another entry raises the same
  // text inline (the helper's file has the longer path).
  write(root, 'dec/pkg/raise_helpers.py', ['def fail(msg):', '    raise ValueError(msg)', ''].join('\n'));
  write(root, 'dec/pkg/parse.py', [
    'from pkg.raise_helpers import fail', '', '', 'def parse(s):', '    if not s:', '        fail("Invalid decimal: empty")', '    return s', '',
  ].join('\n'));
  write(root, 'dec/pkg/rad.py', ['def parse_radix(s, radix):', '    if not s:', '        raise ValueError("Invalid decimal: empty")', '    return s', ''].join('\n'));
  db = path.join(tmpDir('origin-db'), 'i.sqlite');
  expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
  // Two packages: one has a copy of the other's class, named after it.
  const home = tmpDir('origin-home');
  write(home, 'package.json', JSON.stringify({ name: 'longish', version: '1.0.0', main: 'src/longish-impl.js' }));
  write(home, 'src/longish-impl.js', "exports.divide = function divide(a, b) {\n  if (b === 0) throw new Error('division by zero');\n  return a / b;\n};\n");
  const copy = tmpDir('origin-copy');
  write(copy, 'package.json', JSON.stringify({ name: 'bsonish', version: '1.0.0', main: 'b.js' }));
  write(copy, 'b.js', "class Longish {\n  divide(b) {\n    if (b === 0) throw new Error('division by zero');\n    return this.v / b;\n  }\n}\nexports.Longish = Longish;\n");
  for (const t of [home, copy]) expect(errdex(['analyze', t, '--db', db, '--threads', '0']).code).toBe(0);
});

type H = { record: { filePath: string }; why: string[]; score: number; tied?: boolean };
const hitsFor = (text: string): H[] => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout).hits;

describe('of two raises tied on one text, the one that runs first', () => {
  it('a function that checks before calling the other function goes first', () => {
    const hits = hitsFor('You must pass the "algorithms" argument');
    expect(hits.slice(0, 2).map((h) => h.record.filePath)).toEqual(['py/pkg/api_wrapper.py', 'py/pkg/core.py']);
    expect(hits[0].score).toBe(hits[1].score);
    expect(hits[0].why.join('\n')).toMatch(/checked before decode, which its function calls after the raise/);
    expect(hits[1].tied).toBe(true);
  });

  it('the origin goes before a handler that catches its class and raises again', () => {
    const hits = hitsFor('Invalid name: nokey');
    expect(hits.slice(0, 2).map((h) => h.record.filePath)).toEqual(['java/p/NameParser.java', 'java/p/N.java']);
    expect(hits[0].why.join('\n')).toMatch(/raised before N\.readObject, which catches InvalidNameException and raises again/);
  });

  it("a function calling the other's function before its own raise goes second", () => {
    const hits = hitsFor('Type Closure is not instantiable');
    expect(hits.slice(0, 2).map((h) => h.record.filePath)).toEqual(['rb/lib/registry_of_types.rb', 'rb/lib/instantiator.rb']);
    expect(hits[0].why.join('\n')).toMatch(/whose function calls Lib::Registry\.reflector first|whose function calls .*reflector first/);
  });

  it('a message handed to a helper that raises it goes before an inline raise of the same text', () => {
    const hits = hitsFor('Invalid decimal: empty');
    expect(hits.slice(0, 2).map((h) => h.record.filePath)).toEqual(['dec/pkg/raise_helpers.py', 'dec/pkg/rad.py']);
    expect(hits[0].score).toBe(hits[1].score);
    expect(hits[0].why.join('\n')).toMatch(/raised by the helper fail, which the library routes this message through \(parse_radix raises it inline\)/);
    expect(hits[1].tied).toBe(true);
  });

  it('the package a class is named after goes before the copy of its code in another package', () => {
    const hits = hitsFor('division by zero');
    expect(hits.slice(0, 2).map((h) => h.record.filePath)).toEqual(['src/longish-impl.js', 'b.js']);
    expect(hits[0].score).toBe(hits[1].score);
    expect(hits[0].why.join('\n')).toMatch(/the code of longish, which bsonish has a copy of/);
  });
});
