// The .gitignore matcher: lines the `ignore` package matches in linear time stay with it; the
// others (more than MAX_STAR_RUNS runs of `*`) are matched by GlobRule, which must agree with
// the package wherever the package finishes, and finish where it would not.
import ignore from 'ignore';
import { describe, expect, it } from 'vitest';
import { compileGitignore, GlobRule } from '../../src/scan/gitignore.js';

const PATHS = [
  'a', 'a/', 'b', 'b/', 'a/b', 'a/b/', 'a/a/b', 'a/x/b', 'x/a/b', 'a/b/c.py', 'a/b/c/', 'A/B', 'src/', 'src/m.py', 'src/lib/m.py',
  'build/', 'build/out.js', 'x/build/', 'x/build/y.js', 'node_modules/', 'pkg/node_modules/', 'm.pyc', 'dir/m.pyc', 'foo.log',
  'logs/debug.log', 'logs/2024/x.log', 'doc/a.txt', 'doc/sub/a.txt', 'abc', 'abxc', 'aXbYc', 'ab', 'test_x.py', 'a.b.c', '[x]',
  'q', 'qq', 'a/b/a/b', 'a/a/a/a/b', 'deep/a/a/a/', 'foo/bar/baz/', 'foo/baz/', 'foo/bar/', 'x/foo/bar/',
];

/** The directories above a path (`a/`, `a/b/` for `a/b/c`). */
const ancestors = (p: string): string[] => {
  const segs = p.split('/').filter(Boolean);
  return segs.slice(0, -1).map((_, i) => `${segs.slice(0, i + 1).join('/')}/`);
};
/**
 * Whether the walk asks about a path: it never descends into an ignored directory, so every
 * path it asks about has no ignored directory above it (where the package's answer is its
 * rules' last match on the path itself).
 */
const asked = (ig: { ignores(p: string): boolean }, p: string) => !ancestors(p).some((a) => ig.ignores(a));
const ALL_PATHS = [...new Set(PATHS.flatMap((p) => [...ancestors(p), p]))];

const PATTERNS = [
  'a', 'b/', '/a', '/a/', 'a/b', 'a/**', '**/b', 'a/**/b', '**/a/**', '*.py', '*.pyc', 'dir/*.pyc', '*.log', 'logs/**/*.log',
  'doc/*.txt', 'doc/**/*.txt', 'build/', '/build/', 'node_modules', '**/node_modules/', 'a*', '*b', 'a?', '?', '??', '[ab]',
  '[!a]', '[a-c]bc', 'test_*.py', 'src/*', 'a.b.*', '\\[x]', 'A', 'foo/**/baz/', 'foo/*/baz', 'a/b/', '**/a/*',
];

const RISKY = [
  '**/a/**/a/**/b', '**/a/**/b/**', '*a*b*c', 'a**b**c**', '**/*.py/**', '*/*/*', '**/a/**/a/**/a/**/b', '*.*.*', 'foo/**/**/**',
];

describe('GlobRule', () => {
  it.each(PATTERNS.concat(RISKY))('agrees with the ignore package on %s', (pattern) => {
    const ig = ignore().add(pattern);
    const rule = GlobRule.parse(pattern)!;
    const single = ignore().add(pattern);
    let compared = 0;
    for (const p of ALL_PATHS) {
      if (!asked(single, p)) continue;
      compared++;
      expect(rule.matches(p), `${pattern} on ${p}`).toBe(ig.ignores(p));
    }
    expect(compared).toBeGreaterThan(10);
  });

  it('negation, comments, escapes and blank lines', () => {
    expect(GlobRule.parse('# a comment')).toBeNull();
    expect(GlobRule.parse('   ')).toBeNull();
    expect(GlobRule.parse('!a*b*c*')!.negative).toBe(true);
    expect(GlobRule.parse('\\#a*b*c*')!.matches('#axbxcx')).toBe(true);
    expect(GlobRule.parse('a*b*c\\ ')!.matches('axbxc ')).toBe(true);
    expect(GlobRule.parse('a*b*c   ')!.matches('axbxc')).toBe(true);
  });

  it('is linear on the pathological pattern over a 48-deep path', () => {
    const rule = GlobRule.parse(`${'**/a/'.repeat(9)}**/b`)!;
    const deep = `${Array(48).fill('a').join('/')}/`;
    const t0 = performance.now();
    expect(rule.matches(deep)).toBe(false);
    expect(rule.matches(`${deep}b`)).toBe(true);
    expect(rule.matches(`${deep}b/`)).toBe(true);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});

describe('compileGitignore', () => {
  const FILES = [
    'a\n!a/b\n', '*.py\n!keep.py\n', 'build/\n*.log\n!important.log\n', '**/a/**/a/**/b\n!a/a/b\n', '*a*b*c\n*.py\n!x*y*z.py\n',
    '# comment\n\n**/x/**/y/**/z\nsrc/\n', '\uFEFF**/a/**/a/**/b\r\nlogs/\r\n',
  ];
  it.each(FILES)('agrees with the ignore package on %j', (text) => {
    const ig = ignore().add(text);
    const m = compileGitignore(text);
    const paths = [...ALL_PATHS, 'keep.py', 'x.py', 'xayaz.py', 'important.log', 'x/', 'x/y/', 'x/y/z', 'q/', 'q/x/', 'q/x/q/', 'q/x/q/y/', 'q/x/q/y/q/', 'q/x/q/y/q/z/'];
    for (const p of paths) {
      if (asked(ig, p)) expect(m.ignores(p), `${JSON.stringify(text)} on ${p}`).toBe(ig.ignores(p));
    }
  });

  it('leaves a file of ordinary lines to the ignore package', () => {
    const m = compileGitignore('*.py\nbuild/\n');
    expect(typeof (m as { add?: unknown }).add).toBe('function');
  });
});
