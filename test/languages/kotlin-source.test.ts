// Kotlin the grammar does not know (binary literals, `fun interface`), rewritten before parsing into
// text of the same length (src/languages/jvm/kotlin-source.ts).
import { describe, expect, it } from 'vitest';
import { kotlinParsable } from '../../src/languages/jvm/kotlin-source.js';
import { parseJvm } from '../../src/languages/jvm/grammar.js';

const errors = (source: string) => parseJvm('kotlin', source).root().findAll({ rule: { kind: 'ERROR' } }).length;

describe('kotlinParsable', () => {
  it('writes a binary literal as its decimal value, right-aligned in its place, suffix kept', () => {
    expect(kotlinParsable('val m = 0b1010_0101\nval l = 0B11L\nval u = 0b1u')).toBe('val m =         165\nval l =    3L\nval u =   1u');
  });

  it('writes `fun interface` as `    interface`', () => {
    expect(kotlinParsable('internal fun interface Decoder { fun decode(b: Int): Int }')).toBe('internal     interface Decoder { fun decode(b: Int): Int }');
  });

  it('keeps every offset', () => {
    const src = 'fun interface A { fun f(x: Int): Int }\nval x = 0b1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111_1111uL\n';
    const out = kotlinParsable(src);
    expect(out.length).toBe(src.length);
    expect(out.split('\n').map((l) => l.length)).toEqual(src.split('\n').map((l) => l.length));
    expect(out).toContain(' 18446744073709551615uL');
  });

  it('leaves strings, characters, comments and other names alone', () => {
    const src = [
      'val s = "0b1010 and fun interface"',
      'val r = """0b11 ${"0b1"}"""',
      "val c = '0'",
      '// 0b1010, fun interface',
      '/* 0b1 /* nested 0b1 */ 0b1 */',
      'val h = 0x0b1 + x0b1 + fun0b1 + 1.0b1',
      'fun interfaceName() = 1',
    ].join('\n');
    expect(kotlinParsable(src)).toBe(src);
  });

  it('returns the same string when there is nothing to rewrite', () => {
    const src = 'class A { fun f() = 1 }';
    expect(kotlinParsable(src)).toBe(src);
  });

  it('leaves the grammar nothing to fail on', () => {
    const src = 'fun interface Decoder {\n  fun decode(b: Int): Int\n  fun checked(b: Int): Int {\n    if (b and 0b1000_0000 != 0) throw IllegalArgumentException("High bit set in $b")\n    return decode(b)\n  }\n}\nfun op(b: Int) = when (b) {\n  0b0001 -> "text"\n  else -> error("Unknown opcode: $b")\n}\n';
    expect(errors(src)).toBe(0);
  });
});
