// The client of store/scan-thread.ts: started on the first scan a long-lived reader asks for,
// unref'd (it keeps no process alive), closed with the store.

import fs from 'node:fs';
import { Worker } from 'node:worker_threads';

export class OffThread {
  private worker: Worker | null = null;
  private seq = 0;
  private readonly waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();

  constructor(private readonly file: string, private readonly binding: string) {}

  /** The rows of a read-only query, run on the scan thread; null when the thread's file is missing (then run it here). */
  all(sql: string, params: unknown[]): Promise<unknown[]> | null {
    const worker = this.worker ?? this.start();
    if (!worker) return null;
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, file: this.file, binding: this.binding, sql, params });
    });
  }

  private start(): Worker | null {
    const url = new URL('./scan-thread.js', import.meta.url);
    if (!fs.existsSync(url)) return null;
    const worker = new Worker(url);
    worker.unref();
    worker.on('message', (m: { id: number; rows?: unknown[]; error?: string }) => {
      const w = this.waiting.get(m.id);
      this.waiting.delete(m.id);
      if (m.error !== undefined) w?.reject(new Error(m.error));
      else w?.resolve(m.rows ?? []);
    });
    const fail = (e: Error) => {
      for (const w of this.waiting.values()) w.reject(e);
      this.waiting.clear();
      if (this.worker === worker) this.worker = null;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the scan thread exited')));
    return (this.worker = worker);
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }
}
