// Decision 0124: a Kotlin raise given the caught error alone takes the cause's toString() (the caught class's full
// name from the file's imports, package or Kotlin's default exceptions; none for a catch-all or a wildcard import),
// and another file's constant joined to a value is text by its table (kotlin.ts causeText, fullName, isLookup).
import { describe, expect, it } from 'vitest';
import { analyzeKotlin } from '../../src/languages/jvm/kotlin.js';
import { renderMessage } from '../../src/template/ir.js';

const file = (imports: string, body: string) => ['package org.x', imports, 'class Failed(cause: Throwable) : RuntimeException(cause)', 'fun f(s: String) {', body, '}'].join('\n');
const raise = (src: string) => analyzeKotlin(src).sites.find((s) => s.errorClass === 'Failed' || s.errorClass === 'Bad')!;

describe('a raise given the caught error alone', () => {
  it("is the caught class's full name before its message, the message the caught one", () => {
    const s = raise(file('', 'try { s.toInt() } catch (e: NumberFormatException) { throw Failed(e) }'));
    expect(renderMessage(s.template!)).toBe('java.lang.NumberFormatException: {message}');
    expect(s.template![1]).toMatchObject({ hole: { inner: true, caught: 'NumberFormatException' } });
    expect(s.wraps?.caught).toBe('NumberFormatException');
  });

  it('names a class by its import (with its alias), by the package, by java.util for Kotlin\'s aliases', () => {
    expect(renderMessage(raise(file('import a.b.ParseError as PE', 'try { s.toInt() } catch (e: PE) { throw Failed(e) }')).template!)).toBe('a.b.ParseError: {message}');
    expect(renderMessage(raise(file('', 'try { s.toInt() } catch (e: LocalError) { throw Failed(e) }')).template!)).toBe('org.x.LocalError: {message}');
    expect(renderMessage(raise(file('', 'try { s.toInt() } catch (e: NoSuchElementException) { throw Failed(e) }')).template!)).toBe('java.util.NoSuchElementException: {message}');
  });

  it('is left a hole for a catch-all type, a class a wildcard import may hold, or a name no catch binds', () => {
    expect(renderMessage(raise(file('', 'try { s.toInt() } catch (e: Exception) { throw Failed(e) }')).template!)).toBe('{e}');
    expect(renderMessage(raise(file('import a.b.*', 'try { s.toInt() } catch (e: ParseError) { throw Failed(e) }')).template!)).toBe('{e}');
    expect(renderMessage(raise(file('', 'val e = Exception("x"); throw Failed(e)')).template!)).not.toContain('java.lang');
  });
});

describe("another file's constant joined to a value", () => {
  it("is the constant's lookup, then the value", () => {
    const s = raise(['class Bad(m: String) : Exception(m)', 'fun f(name: String) { throw Bad(Texts.NOT_FOUND + name) }'].join('\n'));
    expect(s.template!.map((x) => ('hole' in x ? x.hole.lookup ?? x.hole.name : x.lit))).toEqual([{ table: 'Texts', key: 'NOT_FOUND' }, 'name']);
  });

  it('stays one hole when neither side is text', () => {
    const s = raise(['class Bad(m: String) : Exception(m)', 'fun f(a: String, b: String) { throw Bad(a + b) }'].join('\n'));
    expect(s.template!.length).toBe(1);
  });
});

describe("an error class's own text in a new error its method makes", () => {
  const src = (body: string) => ['open class Bad(m: String, cause: Throwable? = null) : Exception(m, cause) {', body, '}'].join('\n');

  it("is the inner message of an error of that class", () => {
    const s = raise(src('    fun at(line: Int) = Bad("$line: $message", this)'));
    expect(renderMessage(s.template!)).toBe('{line}: {message}');
    expect(s.template![2]).toMatchObject({ hole: { inner: true, caught: 'Bad' } });
    expect(s.args[0].template![2]).toMatchObject({ hole: { inner: true, caught: 'Bad' } });
  });

  it('is not a parameter named message, nor a text outside an error class', () => {
    expect(raise(src('    fun at(message: String) = Bad("at: $message", this)')).template![1]).not.toHaveProperty('hole.inner');
    const out = raise(['class Bad(m: String) : Exception(m)', 'class Holder(val message: String) {', '    fun fail() = Bad("held: $message")', '}'].join('\n'));
    expect(out.template![1]).not.toHaveProperty('hole.inner');
  });
});
