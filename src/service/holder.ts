// The index a long-lived surface reads: opened read-only on first use, and opened anew when
// another process (`errdex analyze`) has committed to it since, so that every answer is over the
// records as they are. A store being replaced is closed once the requests using it are done.

import type { Store } from '../core/store.js';
import { openStore } from './store.js';

interface Open {
  store: Store;
  version: number | undefined;
  users: number;
  retired: boolean;
  /** Whether data_version was asked in this turn of the event loop. */
  checked: boolean;
}

export class IndexHolder {
  private current: Open | null = null;

  constructor(readonly db: string | undefined) {}

  /** Run `fn` over the index; an index that cannot be opened throws its ErrdexError (index-unusable). */
  async use<T>(fn: (store: Store) => Promise<T>): Promise<T> {
    const o = await this.acquire();
    try {
      return await fn(o.store);
    } finally {
      o.users--;
      if (o.retired && o.users === 0) await o.store.close();
    }
  }

  private async acquire(): Promise<Open> {
    const cur = this.current;
    // (data_version is asked once per turn of the event loop, as the store's kept reads are: the
    // requests a turn reads from the sockets share one question, ~2 % of a served explain's time
    // asked per request, measured; a commit is seen from the next turn on)
    if (cur?.checked) {
      cur.users++;
      return cur;
    }
    if (cur) {
      let version: number | undefined;
      try {
        version = await cur.store.dataVersion?.();
      } catch {
        version = NaN;
      }
      if (version === cur.version) {
        cur.users++;
        this.checkedThisTurn(cur);
        return cur;
      }
      this.retire(cur);
    }
    const store = openStore(this.db, 'read', true);
    const o: Open = { store, version: await store.dataVersion?.(), users: 1, retired: false, checked: false };
    this.current = o;
    this.checkedThisTurn(o);
    return o;
  }

  private checkedThisTurn(o: Open): void {
    o.checked = true;
    setImmediate(() => (o.checked = false));
  }

  private retire(o: Open): void {
    o.retired = true;
    if (this.current === o) this.current = null;
    if (o.users === 0) void o.store.close();
  }

  async close(): Promise<void> {
    if (this.current) this.retire(this.current);
  }
}
