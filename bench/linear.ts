// Generated inputs whose analysis must grow linearly with their size (the hardening issue's
// "linear analysis"), and the bench section timing them: a Python module of many small
// functions each raising (with helpers called from many places), a minified JavaScript
// bundle of many small modules, and a .gitignore whose `**` globs once made the matcher
// backtrack exponentially over a deep tree. The e2e test (test/e2e/linear.test.ts) uses
// the same generators.

import fs from 'node:fs';
import path from 'node:path';
import { analyzeTree } from '../src/pipeline/analyze-tree.js';
import { createPool } from '../src/scan/pool.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { prng as rng } from './mixed-log.js';

/**
 * A Python module of about `bytes` bytes: many small functions, each raising with a message
 * built from its parameters under a guard over them, each calling one of the message-passing
 * helpers (`_fail_N(value, message)`, defined at the end of the module) from far away, and
 * now and then a function that raises a message it receives and that nobody calls. Every name is
 * its own, so that only the helpers at the end are called.
 */
export function pythonModule(bytes: number, seed = 1): string {
  const rand = rng(seed);
  const helpers = Math.max(4, Math.round(bytes / 6000));
  const parts: string[] = ['class ParseError(Exception):\n    pass\n\n\n'];
  let size = parts[0].length;
  for (let i = 0; size < bytes - helpers * 120; i++) {
    const h = Math.floor(rand() * helpers);
    let f: string;
    if (i % 17 === 5) {
      f = `def raise_for_${i}(code, message):\n    if code != ${i}:\n        raise RuntimeError(message)\n\n\n`;
    } else if (i % 3 === 0) {
      f = `def check_${i}(x, limit):\n    if x > limit:\n        raise ParseError(f"check_${i}: {x} is over {limit}")\n` +
        `    _fail_${h}(x, "check_${i} needs a value")\n    return x\n\n\n`;
    } else if (i % 3 === 1) {
      f = `def convert_${i}(text):\n    if not text.isdigit():\n        raise ValueError("convert_${i}: not a number: %r" % (text,))\n` +
        `    return _fail_${h}(int(text), "convert_${i} got zero")\n\n\n`;
    } else {
      f = `class Reader${i}:\n    def read_${i}(self, name):\n        if name not in self.names:\n            raise KeyError(f"no field {name!r} in reader ${i}")\n` +
        `        return _fail_${h}(self.names[name], "empty field in reader ${i}")\n\n\n`;
    }
    parts.push(f);
    size += f.length;
  }
  for (let h = 0; h < helpers; h++) {
    parts.push(`def _fail_${h}(value, message):\n    if not value:\n        raise ValueError(message)\n    return value\n\n\n`);
  }
  return parts.join('');
}

/**
 * A minified JavaScript bundle of about `bytes` bytes on one line: many small modules, each
 * with its own one-letter helpers (`r`, `o`: the same names in every module) and a named
 * `invariant`-style helper of its own, called from other modules' functions too.
 */
export function minifiedBundle(bytes: number, seed = 2, { lines = false } = {}): string {
  // (`lines`: a line break after each function, so that the file does not read as minified: the
  // same code, under no cap on minified files' size)
  const br = lines ? '\n' : '';
  const rand = rng(seed);
  const out: string[] = ['!function(e){var t={};function n(r){if(t[r])return t[r].exports;var o=t[r]={exports:{}};return e[r](o,o.exports,n),o.exports}return n(0)}({'];
  let size = out[0].length;
  const modules: string[] = [];
  for (let m = 0; size < bytes; m++) {
    const k = Math.floor(rand() * Math.max(1, m));
    const mod =
      `${m}:function(e,t,n){"use strict";${br}` +
      `function r(e,t){if(!e)throw new TypeError("Module ${m}: "+t)}${br}` +
      `function assertValid${m}(e,t){if(null==e)throw new Error("Invalid value for "+t+" in module ${m}");return e}${br}` +
      `var o=function(e){return r(e.length>0,"expected a non-empty list"),e.map(function(e){return assertValid${k}(e,"item")})};${br}` +
      `class i extends Error{constructor(e){super("Module ${m} failed: "+e),this.name="Module${m}Error"}}${br}` +
      `t.run=function(e,t){if("string"!=typeof e)throw new i("bad input "+typeof e);return o(t),assertValid${m}(e,"name")}${br}` +
      `}`;
    modules.push(mod);
    size += mod.length + 1;
  }
  out.push(modules.join(','), '});\n');
  return out.join('');
}

/** The pathological .gitignore: `**\/a/` `depth` times, then `**\/b` (45 bytes with depth 8, its line end counted). */
export function pathologicalGitignore(depth = 8): string {
  return `${'**/a/'.repeat(depth)}**/b\n`;
}

/** A tree `a/a/…/a` `depth` levels deep under `root`, with a Python file at its bottom; returns the deepest directory. */
export function deepTree(root: string, depth = 48): string {
  const dir = path.join(root, ...Array.from({ length: depth }, () => 'a'));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'deep.py'), 'def f(x):\n    raise ValueError(f"bad value {x}")\n');
  return dir;
}

/** Sizes of the bench's generated files, in MB. */
const SIZES = [1, 2, 4, 8];

/**
 * The bench's section: one generated file of each size in a tree of its own, analyzed cold by the
 * whole pipeline (walk, read, pool, assemble, store) with the per-file cap raised above it. Wall
 * time and CPU time (the process's, all threads) per MB; on a shared machine the CPU time is the
 * steadier measure of the work done.
 */
export async function benchLinear(tmp: string): Promise<void> {
  const MB = 1024 * 1024;
  console.log('\nlinear growth: one generated file per size, analyzed cold (maxFileSize raised to 16 MB; a 0.25 MB file of each kind first, untimed):');
  console.log('| input | size | wall | wall per MB | CPU | CPU per MB | sites |\n|---|---|---|---|---|---|---|');
  const kinds = [
    { name: 'Python: small functions, helpers called from afar', file: 'm.py', make: (b: number) => pythonModule(b) },
    { name: 'JavaScript: bundle of small modules (a line per function)', file: 'bundle.js', make: (b: number) => minifiedBundle(b, 2, { lines: true }) },
  ];
  const pool = createPool(1);
  const run = async (kind: (typeof kinds)[number], bytes: number) => {
    const dir = fs.mkdtempSync(path.join(tmp, 'linear-'));
    fs.writeFileSync(path.join(dir, kind.file), kind.make(bytes));
    const store = new SqliteStore(path.join(dir, 'i.sqlite'));
    (globalThis as { gc?: () => void }).gc?.();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const s = await analyzeTree(path.join(dir, kind.file), store, { maxFileSize: 16 * MB, pool });
    const ms = performance.now() - t0;
    const c = process.cpuUsage(c0);
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
    return { ms, cpu: (c.user + c.system) / 1000, sites: s.sites };
  };
  for (const kind of kinds) {
    // (untimed: the worker's and the main thread's first file of a kind pays for loading and compiling the code)
    await run(kind, MB / 4);
    const perMb: number[] = [];
    for (const mb of SIZES) {
      const { ms, cpu, sites } = await run(kind, mb * MB);
      perMb.push(cpu / mb);
      console.log(`| ${kind.name} | ${mb} MB | ${(ms / 1000).toFixed(1)} s | ${(ms / mb / 1000).toFixed(2)} s | ${(cpu / 1000).toFixed(1)} s | ${(cpu / mb / 1000).toFixed(2)} s | ${sites} |`);
    }
    const spread = Math.max(...perMb) / Math.min(...perMb);
    console.log(`| ${kind.name}: CPU per MB, largest ÷ smallest | | | | | ${spread.toFixed(2)}× ${spread <= 1.5 ? '(linear)' : '(NOT linear: over 1.5×)'} | |`);
  }
  await pool.close();
}
