// A small worker-thread pool: every core parses. Jobs go out in batches to keep
// message overhead low; with `threads: 0` (or when running from TypeScript
// sources, where the compiled worker does not exist) work runs in-process.

import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { analyzeFile, type FileJob, type FileOutcome } from './analyze-file.js';

export interface Pool {
  /** Analyze all jobs; `onBatch` sees each batch's outcomes as soon as it is done (in job order within it). */
  run(jobs: FileJob[], onBatch?: (outcomes: FileOutcome[], jobs: FileJob[]) => void): Promise<FileOutcome[]>;
  close(): Promise<void>;
}

/** Batches of ~256 KB of source: big enough to amortize messaging, small enough to balance. */
export function batchJobs<J extends { text: string }>(jobs: J[]): J[][] {
  const batches: J[][] = [];
  let cur: J[] = [];
  let bytes = 0;
  for (const j of jobs) {
    cur.push(j);
    bytes += j.text.length;
    if (bytes > 256 * 1024 || cur.length >= 64) {
      batches.push(cur);
      cur = [];
      bytes = 0;
    }
  }
  if (cur.length) batches.push(cur);
  return batches;
}

export function defaultThreads(): number {
  return Math.max(1, os.availableParallelism());
}

export function createPool(threads = defaultThreads()): Pool {
  const workerUrl = new URL('./worker.js', import.meta.url);
  if (threads <= 0 || !fs.existsSync(workerUrl)) return inProcessPool();
  const workers = Array.from({ length: threads }, () => new Worker(workerUrl));
  const idle = [...workers];
  const waiting: (() => void)[] = [];
  let seq = 0;

  const send = async (jobs: FileJob[]): Promise<FileOutcome[]> => {
    while (idle.length === 0) await new Promise<void>((r) => waiting.push(r));
    const w = idle.pop()!;
    const id = ++seq;
    try {
      return await new Promise<FileOutcome[]>((resolve, reject) => {
        const onMsg = (m: { id: number; outcomes: FileOutcome[] }) => {
          if (m.id !== id) return;
          w.off('message', onMsg);
          w.off('error', onErr);
          resolve(m.outcomes);
        };
        const onErr = (e: Error) => {
          w.off('message', onMsg);
          reject(e);
        };
        w.on('message', onMsg);
        w.once('error', onErr);
        w.postMessage({ id, jobs });
      });
    } finally {
      idle.push(w);
      waiting.shift()?.();
    }
  };

  return {
    async run(jobs, onBatch) {
      const batches = batchJobs(jobs);
      // Every batch is queued at once: workers never wait for the main thread between batches.
      const results = await Promise.all(batches.map(async (b) => {
        const r = await send(b);
        onBatch?.(r, b);
        return r;
      }));
      return results.flat();
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

function inProcessPool(): Pool {
  return {
    run: async (jobs, onBatch) => {
      const out: FileOutcome[] = [];
      for (let i = 0; i < jobs.length; i += 16) {
        const batch = jobs.slice(i, i + 16);
        const done = batch.map(analyzeFile);
        out.push(...done);
        onBatch?.(done, batch);
        // Native parse trees are freed only when the event loop turns; a long synchronous loop
        // over a big tree would hold all of them.
        await new Promise((r) => setImmediate(r));
      }
      return out;
    },
    close: async () => {},
  };
}
