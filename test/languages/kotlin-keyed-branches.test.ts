// Decision 0112: a Kotlin class's secondary constructor formatting an enum parameter's text gives a branch
// keyed by the raise's argument (kotlin.ts delegatedTexts, facts/classes.ts siteTemplate); an object's
// text functions are reported under its name too (messageReturns), and calls naming it are bound so.
import { describe, expect, it } from 'vitest';
import { ClassTable, siteTemplate } from '../../src/facts/classes.js';
import { analyzeKotlin } from '../../src/languages/jvm/kotlin.js';
import { isHole, renderMessage } from '../../src/template/ir.js';

const SRC = [
  'enum class Problem(val template: String) {',
  '    EMPTY("Duration is empty"),',
  '    UNIT("Unknown unit %s")',
  '}',
  'open class Bad(message: String, cause: Throwable? = null) : RuntimeException(message, cause) {',
  '    constructor(code: Problem, vararg args: Any?) : this(code.template.format(*args))',
  '}',
  'object Texts {',
  '    fun get(key: String, n: Int): String = "Key $key at $n"',
  '}',
  'fun f(u: String, s: String) {',
  '    if (u.isEmpty()) throw Bad(Problem.UNIT, u)',
  '    if (s.isEmpty()) throw Bad("Setting $s is empty")',
  '    throw IllegalStateException(Texts.get("x", 1))',
  '}',
].join('\n');

describe("a secondary constructor's enum text", () => {
  const a = analyzeKotlin(SRC);
  const classes = new ClassTable();
  classes.add('m.kt', a.classes);

  it('is a branch keyed by the parameter the primary constructor takes there', () => {
    const bad = a.classes.find((c) => c.name === 'Bad')!;
    const b = bad.branches?.[0]?.[0];
    expect(b && isHole(b) ? b.hole.lookup : null).toEqual({ table: 'Problem.template', key: null, param: 'message' });
  });

  it("is bound to the entry a raise names, and left out of a raise passing its own text", () => {
    const [named, own] = a.sites.filter((s) => s.errorClass === 'Bad').map((s) => siteTemplate(s, 'm.kt', classes));
    expect(named.branches.map((t) => t.map((x) => (isHole(x) ? x.hole.lookup : null)))).toEqual([[{ table: 'Problem.template', key: 'Problem.UNIT' }]]);
    expect(own.branches).toEqual([]);
    expect(renderMessage(own.template)).toBe('Setting {s} is empty');
  });
});

describe("an object's text function", () => {
  it("is reported under the object's name too, and a call naming the object asks for that one", () => {
    const a = analyzeKotlin(SRC);
    expect(a.returns?.map((r) => r.name)).toEqual(['get/2', 'Texts.get/2']);
    const site = a.sites.find((s) => s.errorClass === 'IllegalStateException')!;
    const call = site.template?.find((x) => isHole(x) && x.hole.call);
    expect(call && isHole(call) ? call.hole.call?.callee : null).toBe('Texts.get/2');
  });
});
