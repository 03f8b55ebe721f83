import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { calledNames, ERROR_KIND, mainRule, matchesNothing, memberCalledNames } from '../../src/languages/javascript/query.js';

const calledIn = (source: string, name: string) => calledNames(source, [name]).has(name);

describe('calledNames', () => {
  it('finds a call of the name or of a member ending in it, across spaces and comments', () => {
    expect(calledIn('fail("x")', 'fail')).toBe(true);
    expect(calledIn('this.fail (x)', 'fail')).toBe(true);
    expect(calledIn('fail /* why */ (x)', 'fail')).toBe(true);
    expect(calledIn('fail`x`', 'fail')).toBe(true);
    expect(calledIn('a.$fail?.(x)', '$fail')).toBe(true);
  });

  it('does not take a longer name, a mention or the definition for a call', () => {
    expect(calledIn('assertfail(x)', 'fail')).toBe(false);
    expect(calledIn('const f = fail;', 'fail')).toBe(false);
    expect(calledIn('function fail(m) { throw new Error(m) }', 'fail')).toBe(false);
    expect(calledIn('function* fail(m) {}', 'fail')).toBe(false);
    expect(calledIn('b$fail(x)', '$fail')).toBe(false);
    expect(calledIn('function *\n  fail (m) {}', 'fail')).toBe(false);
    // (`function` must be a whole word before the name)
    expect(calledIn('x = myfunction fail(1)', 'fail')).toBe(true);
    expect(calledIn('x = function () {}; fail(1)', 'fail')).toBe(true);
  });

  it('answers for several names from one scan', () => {
    const src = 'function fail(m) {}\nfail(1); p.q(2); const r = s;';
    expect([...calledNames(src, ['fail', 'q', 'p', 'r', 's', 'absent'])].sort()).toEqual(['fail', 'q']);
  });

  it('tells member calls apart (memberCalledNames)', () => {
    const src = 'fail(1); a.check (2); b?.warn?.(3); c.failure(4); d.fail;';
    expect([...memberCalledNames(src, ['fail', 'check', 'warn', 'failure', 'e'])].sort()).toEqual(['check', 'failure', 'warn']);
  });
});

describe('matchesNothing', () => {
  it('says exactly when mainRule is ERROR_KIND, over the installed packages and hand-written cases', () => {
    const texts = [
      'export const add = (a, b) => a + b;', 'throw x', 'new FooError()', 'class A implements B {}', 'class A extends B {}',
      'A.prototype = {}', 'cb(err)', 'done (e)', 'next`x`', 'x.emit("error", e)', 'console.warn("x")', 'E("ERR_X", "m")', 'xE(1)',
    ];
    // Real modules: every .js file of a few installed packages: ms (a dev dependency's dependency) and
    // evaluation corpus libraries (eval/node_modules: `npm ci --prefix eval`, as .ci/run does).
    const corpusLibs = ['cookie', 'sprintf-js', 'jsonpointer', 'statuses', 'date-fns/locale/de', 'date-fns/fp/_lib'];
    for (const dir of ['node_modules/ms', ...corpusLibs.map((pkg) => path.join('eval/node_modules', pkg))]) {
      if (!fs.existsSync(dir)) continue;
      for (const f of fs.readdirSync(dir, { recursive: true }) as string[]) if (f.endsWith('.js')) texts.push(fs.readFileSync(path.join(dir, f), 'utf8'));
    }
    expect(texts.length).toBeGreaterThan(20);
    let nothing = 0;
    for (const t of texts) {
      for (const ts of [false, true]) {
        expect(matchesNothing(t, ts), t.slice(0, 80)).toBe(mainRule(t, ts) === ERROR_KIND);
        if (matchesNothing(t, ts)) nothing++;
      }
    }
    expect(nothing).toBeGreaterThan(0);
  });
});
