// Several trees through one worker pool, as a long-lived indexer (or the bench)
// analyzes them. A tree's last step, assembling its records and writing them,
// runs on the main thread once its files are parsed; with one tree at a time
// the workers would sit idle meanwhile. So the next trees are read and handed
// to the pool first, and their files parse while the previous tree is written.

import type { Store } from '../core/store.js';
import { createPool, type Pool } from '../scan/pool.js';
import { analyzeTree, type AnalyzeOptions, type AnalyzeSummary } from './analyze-tree.js';

/**
 * Trees in flight: one being written while the next ones parse. More than two,
 * because most packages are small and one big file (a 650 KB bundle takes
 * seconds) holds a worker long enough for the other to run out of work.
 */
const IN_FLIGHT = 4;

/** Analyze `roots` in order (records are written in that order too); summaries in the same order. */
export async function analyzeTrees(roots: string[], store: Store, opts: SharedOptions = {}): Promise<AnalyzeSummary[]> {
  const out = await analyzeTreesSettled(roots.map((root) => ({ root })), store, opts);
  for (const r of out) if (r instanceof Error) throw r;
  return out as AnalyzeSummary[];
}

type SharedOptions = Omit<AnalyzeOptions, 'writeAfter' | 'onProgress'>;

/** One tree of analyzeTreesSettled, with options of its own over the shared ones. */
export interface TreeJob {
  root: string;
  options?: SharedOptions;
}

/** As analyzeTrees, each tree's failure in its place rather than thrown (`errdex index`: one bad package stops nothing). */
export async function analyzeTreesSettled(
  jobs: TreeJob[], store: Store, opts: SharedOptions = {}, onSettled?: (settled: number, total: number) => void,
): Promise<(AnalyzeSummary | Error)[]> {
  const pool: Pool = opts.pool ?? lazyPool(opts.threads);
  const running: Promise<AnalyzeSummary>[] = [];
  let settled = 0;
  try {
    for (let i = 0; i < jobs.length; i++) {
      if (i >= IN_FLIGHT) await running[i - IN_FLIGHT].catch(() => {});
      const before = running[i - 1];
      const p = analyzeTree(jobs[i].root, store, { ...opts, ...jobs[i].options, pool, writeAfter: before?.catch(() => {}) });
      p.catch(() => {}).finally(() => onSettled?.(++settled, jobs.length)); // (failures are reported below, in order)
      running.push(p);
    }
    return (await Promise.allSettled(running)).map((r) => (r.status === 'fulfilled' ? r.value : r.reason instanceof Error ? r.reason : new Error(String(r.reason))));
  } finally {
    // Let every started tree settle before the pool goes away.
    await Promise.allSettled(running);
    if (!opts.pool) await pool.close();
  }
}

/** A pool whose workers start with the first batch: re-analyzing unchanged trees parses nothing and starts none. */
export function lazyPool(threads?: number): Pool {
  let pool: Pool | null = null;
  return {
    analyze: (jobs) => (pool ??= createPool(threads)).analyze(jobs),
    close: async () => pool?.close(),
  };
}
