// Inputs within the documented caps whose analysis once grew super-linearly (the hardening
// issue's "linear analysis"): a 2 MB Python file of many small functions, a 1.5 MB minified
// bundle and a .gitignore whose `**` globs made the matcher backtrack exponentially over a
// 48-deep tree. Each is analyzed by the real CLI with a generous time bound (the old code took
// minutes, or never finished); the speed itself is measured by the bench (bench/linear.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { deepTree, minifiedBundle, pathologicalGitignore, pythonModule } from '../../bench/linear.js';
import { CLI, tmpDir, write } from './cli.js';

const MB = 1024 * 1024;
const BOUND_MS = 60_000;

/** `bound`: the minified bundle's analysis takes the longest (15 s alone on 2 cores; near 60 s with the whole suite and other jobs on them). */
function analyze(root: string, bound = BOUND_MS) {
  const db = path.join(tmpDir('linear-db'), 'i.sqlite');
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [CLI, 'analyze', root, '--db', db, '--json'], { timeout: bound, env: { ...process.env, NO_COLOR: '1' } });
  expect(r.error, `analyze did not finish in ${bound / 1000} s`).toBeUndefined();
  expect(r.status, r.stderr.toString()).toBe(0);
  return { summary: JSON.parse(r.stdout.toString()), ms: Date.now() - t0 };
}

describe('analysis stays linear on large files within the caps', () => {
  it('a 2 MB Python file of many small functions, helpers called from many places', { timeout: 2 * BOUND_MS }, () => {
    const root = tmpDir('linear-py');
    write(root, 'm.py', pythonModule(2 * MB));
    const { summary } = analyze(root);
    expect(summary.files).toBe(1);
    expect(summary.problems).toEqual([]);
    expect(summary.records).toBeGreaterThan(5000);
  });

  it('a 1.5 MB minified bundle', { timeout: 3 * BOUND_MS }, () => {
    const root = tmpDir('linear-js');
    write(root, 'bundle.min.js', minifiedBundle(1.5 * MB));
    const { summary } = analyze(root, 1.5 * BOUND_MS);
    expect(summary.files).toBe(1);
    expect(summary.problems).toEqual([{ path: 'bundle.min.js', problem: expect.stringMatching(/^minified .*; analyzed, records tagged minified$/) }]);
    expect(summary.records).toBeGreaterThan(5000);
  });

  it('a .gitignore of nested `**` globs over a 48-deep tree', { timeout: 2 * BOUND_MS }, () => {
    const root = tmpDir('linear-ignore');
    write(root, '.gitignore', pathologicalGitignore());
    write(root, 'm.py', 'def f(x):\n    raise ValueError(f"bad value {x}")\n');
    const deep = deepTree(root, 48);
    // (eight `a` directories or more, then `b`: ignored)
    write(deep, 'b/ignored.py', 'def g(x):\n    raise KeyError(f"no key {x}")\n');
    const { summary } = analyze(root);
    expect(summary.files).toBe(2);
    expect(summary.skipped).toMatchObject({ gitignored: 1 });
  });
});
