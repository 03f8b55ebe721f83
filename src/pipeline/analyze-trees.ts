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
export async function analyzeTrees(roots: string[], store: Store, opts: Omit<AnalyzeOptions, 'writeAfter' | 'onProgress'> = {}): Promise<AnalyzeSummary[]> {
  const pool: Pool = opts.pool ?? lazyPool(opts.threads);
  const running: Promise<AnalyzeSummary>[] = [];
  try {
    for (let i = 0; i < roots.length; i++) {
      if (i >= IN_FLIGHT) await running[i - IN_FLIGHT];
      const before = running[i - 1];
      const p = analyzeTree(roots[i], store, { ...opts, pool, writeAfter: before?.catch(() => {}) });
      p.catch(() => {}); // reported below, in order
      running.push(p);
    }
    return await Promise.all(running);
  } finally {
    // Let every started tree settle before the pool goes away.
    await Promise.allSettled(running);
    if (!opts.pool) await pool.close();
  }
}

/** A pool whose workers start with the first batch: re-analyzing unchanged trees parses nothing and starts none. */
function lazyPool(threads?: number): Pool {
  let pool: Pool | null = null;
  return {
    analyze: (jobs) => (pool ??= createPool(threads)).analyze(jobs),
    close: async () => pool?.close(),
  };
}
