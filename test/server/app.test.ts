// The HTTP adapter's mapping, in process: ErrdexError kinds to statuses, and the concurrency limit.
import { describe, expect, it } from 'vitest';
import { ErrdexError } from '../../src/core/errors.js';
import type { Store } from '../../src/core/store.js';
import { createApp } from '../../src/server/app.js';
import { STATUS_FOR_KIND } from '../../src/server/errors.js';
import type { IndexHolder } from '../../src/service/holder.js';

/** A holder whose index fails with this error kind. */
const failing = (kind: ErrdexError['kind']) => ({ use: async () => { throw new ErrdexError(kind, `failed: ${kind}`); } }) as unknown as IndexHolder;

describe('errors over HTTP', () => {
  it.each([['bad-input', 400], ['not-found', 404], ['index-unusable', 503], ['locked', 503]] as const)('%s is %i with its message', async (kind, status) => {
    const r = await createApp({ holder: failing(kind), log: null }).request('/v1/stats');
    expect(r.status).toBe(status);
    expect(await r.json()).toEqual({ error: { kind, message: `failed: ${kind}` } });
  });

  it('an unexpected failure is 500 without its details, which go to the log', async () => {
    const logged: string[] = [];
    const holder = { use: async () => { throw new Error('secret path /home/x'); } } as unknown as IndexHolder;
    const r = await createApp({ holder, log: (l) => logged.push(l) }).request('/v1/stats');
    expect(r.status).toBe(500);
    expect(JSON.stringify(await r.json())).not.toContain('secret');
    expect(logged.join('\n')).toContain('secret path');
    expect(STATUS_FOR_KIND.internal).toBe(500);
  });

  it('over the concurrency limit: 503 busy', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const store = { stats: async () => ({ trees: 0, records: 0, byLanguage: {}, byType: {}, cachedFiles: 0 }), trees: async () => [], location: 'x' } as unknown as Store;
    const holder = { use: async (fn: (s: Store) => Promise<unknown>) => { await gate; return fn(store); } } as unknown as IndexHolder;
    const app = createApp({ holder, maxConcurrent: 1, log: null });
    const first = app.request('/v1/stats');
    const second = await app.request('/v1/stats');
    expect(second.status).toBe(503);
    expect((await second.json()).error.kind).toBe('busy');
    release();
    expect((await first).status).toBe(200);
  });
});
