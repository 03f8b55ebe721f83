// A small worker-thread pool: every core parses. Jobs go out in batches to keep
// message overhead low; with `threads: 0` (or when running from TypeScript
// sources, where the compiled worker does not exist) work runs in-process.

import fs from 'node:fs';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { loadAnalyzers } from '../languages/registry.js';
import { analyzeFile, type FileJob, type FileOutcome } from './analyze-file.js';

export interface Pool {
  /** Analyze one batch of jobs (see batchJobs); resolves with its outcomes in job order. */
  analyze(jobs: FileJob[]): Promise<FileOutcome[]>;
  close(): Promise<void>;
}

/** A batch is full at ~256 KB of source or 64 files: big enough to amortize messaging, small enough to balance. */
const BATCH_BYTES = 256 * 1024;
const BATCH_FILES = 64;
const batchFull = (bytes: number, files: number) => bytes > BATCH_BYTES || files >= BATCH_FILES;

export function batchJobs<J extends { text: string }>(jobs: J[]): J[][] {
  const batches: J[][] = [];
  let cur: J[] = [];
  let bytes = 0;
  for (const j of jobs) {
    cur.push(j);
    bytes += j.text.length;
    if (batchFull(bytes, cur.length)) {
      batches.push(cur);
      cur = [];
      bytes = 0;
    }
  }
  if (cur.length) batches.push(cur);
  return batches;
}

/**
 * Jobs handed over one at a time as they are read, sent to the pool batch by
 * batch (the same batches as batchJobs), so workers parse while the main
 * thread is still reading and hashing.
 */
export class BatchFeeder {
  private cur: FileJob[] = [];
  private bytes = 0;
  private readonly pending: Promise<void>[] = [];

  constructor(
    private readonly pool: Pool,
    private readonly onBatch: (outcomes: FileOutcome[]) => void,
  ) {}

  add(job: FileJob): void {
    this.cur.push(job);
    this.bytes += job.text.length;
    if (batchFull(this.bytes, this.cur.length)) this.flush();
  }

  /** Send what is queued, then wait for every batch. */
  async done(): Promise<void> {
    this.flush();
    await Promise.all(this.pending);
  }

  private flush(): void {
    if (!this.cur.length) return;
    const jobs = this.cur;
    this.cur = [];
    this.bytes = 0;
    const p = this.pool.analyze(jobs).then((outcomes) => this.onBatch(outcomes));
    p.catch(() => {}); // reported by done()
    this.pending.push(p);
  }
}

export function defaultThreads(): number {
  return Math.max(1, os.availableParallelism());
}

/** Batches a worker holds at once: it starts the next without waiting for the main thread to read its results. */
const IN_FLIGHT = 2;

/**
 * `workerUrl`: another worker speaking the same messages (`{ id, jobs }` in, `{ id, outcomes }` out), for
 * the bench's bare-parse baseline, which must be fed exactly as the analysis is.
 */
export function createPool(threads = defaultThreads(), workerUrl = new URL('./worker.js', import.meta.url)): Pool {
  if (threads <= 0 || !fs.existsSync(workerUrl)) return inProcessPool();
  interface Slot {
    worker: Worker;
    busy: number;
  }
  const slots: Slot[] = Array.from({ length: threads }, () => ({ worker: new Worker(workerUrl), busy: 0 }));
  const queue: { id: number; jobs: FileJob[] }[] = [];
  const waiting = new Map<number, { resolve: (o: FileOutcome[]) => void; reject: (e: Error) => void; slot?: Slot }>();
  let seq = 0;

  const dispatch = () => {
    while (queue.length) {
      // the least loaded worker, if it has room
      const slot = slots.reduce((a, b) => (b.busy < a.busy ? b : a));
      if (slot.busy >= IN_FLIGHT) return;
      const msg = queue.shift()!;
      slot.busy++;
      waiting.get(msg.id)!.slot = slot;
      slot.worker.postMessage(msg);
    }
  };
  for (const slot of slots) {
    slot.worker.on('message', (m: { id: number; outcomes: FileOutcome[] }) => {
      const w = waiting.get(m.id);
      if (!w) return;
      waiting.delete(m.id);
      slot.busy--;
      dispatch();
      w.resolve(m.outcomes);
    });
    slot.worker.on('error', (e: Error) => {
      // A crashed worker fails the batches it held and gets no more; with none left, so does everything queued.
      slot.busy = Infinity;
      const dead = slots.every((s) => s.busy === Infinity);
      for (const [id, w] of waiting) {
        if (w.slot !== slot && !dead) continue;
        waiting.delete(id);
        w.reject(e);
      }
      if (dead) queue.length = 0;
    });
  }

  return {
    analyze(jobs) {
      const id = ++seq;
      return new Promise<FileOutcome[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        queue.push({ id, jobs });
        dispatch();
      });
    },
    async close() {
      await Promise.all(slots.map((s) => s.worker.terminate()));
    },
  };
}

function inProcessPool(): Pool {
  return {
    analyze: async (jobs) => {
      const analyzers = await loadAnalyzers(jobs.map((j) => j.language));
      const out: FileOutcome[] = [];
      for (let i = 0; i < jobs.length; i += 16) {
        out.push(...jobs.slice(i, i + 16).map((job) => analyzeFile(analyzers, job)));
        // Native parse trees are freed only when the event loop turns; a long synchronous loop
        // over a big tree would hold all of them.
        await new Promise((r) => setImmediate(r));
      }
      return out;
    },
    close: async () => {},
  };
}
