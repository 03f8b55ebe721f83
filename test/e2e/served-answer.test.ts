// What a long-lived reader (errdex serve, errdex mcp) keeps across explains: a store opened to
// read hands out the same completed record objects again, until another connection commits to
// the index; and the served answer's text, written with each record's text once per record
// object, is JSON.stringify(toExplainJson(result)) character for character, also when records
// come from that cache. On real code analyzed by the real CLI, with the real interpreters' traces.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/service/explain.js';
import { explainJsonText, toExplainJson } from '../../src/service/explain-json.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { errdex } from './cli.js';
import { buildFixture, type Fixture } from './server.js';

let fx: Fixture;
let reader: SqliteStore;

const rowids = (db: string): number[] => {
  const d = new Database(db, { readonly: true });
  try {
    return d.prepare(`SELECT rowid FROM records ORDER BY rowid`).pluck().all() as number[];
  } finally {
    d.close();
  }
};

beforeAll(() => {
  fx = buildFixture();
  reader = new SqliteStore(fx.db, 'read');
});
afterAll(async () => {
  await reader?.close();
});

describe('the served answer', () => {
  it('is the text of JSON.stringify(toExplainJson(result)), the first time and again over kept records', async () => {
    const inputs = [fx.pyTrace, fx.nodeStack, 'ValueError: config file must be TOML, got x.yaml', `${fx.pyTrace}\n${fx.nodeStack}\n${fx.pyTrace}`];
    for (let round = 0; round < 2; round++) {
      for (const text of inputs) {
        const r = await explain(reader, text);
        const text1 = explainJsonText(r);
        expect(text1).toBe(JSON.stringify(toExplainJson(r)));
        expect(Object.keys(JSON.parse(text1))).toEqual(['matched', 'reason', 'indexed', 'ms', 'hits', 'links', 'records']);
      }
    }
    const r = await explain(reader, fx.pyTrace);
    expect(r.matched).toBe(true);
    expect(Object.keys(JSON.parse(explainJsonText(r)).records)).toHaveLength(new Set(r.hits.map((h) => h.record)).size);
  });

  it('is the text over a record changed after its text was written only as a new record object', async () => {
    const r = await explain(reader, fx.pyTrace);
    const before = explainJsonText(r);
    // (a caller that copies a record and changes the copy gets the copy's own text)
    const changed = { ...r, hits: r.hits.map((h) => ({ ...h, record: { ...h.record, errorMessage: 'changed' } })), links: [] };
    expect(explainJsonText(changed)).toBe(JSON.stringify(toExplainJson(changed)));
    expect(explainJsonText(changed)).not.toBe(before);
  });
});

describe('records kept by a store opened to read', () => {
  it('are the same objects while the index is unchanged, and read anew after another process commits', async () => {
    const keys = rowids(fx.db);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    const first = await reader.recordsByKeys(keys);
    const again = await reader.recordsByKeys(keys);
    expect(first.size).toBe(keys.length);
    for (const k of keys) expect(again.get(k)).toBe(first.get(k));

    // Another process re-analyzes the tree with a changed message: its commit empties what was kept.
    const file = path.join(fx.root, 'config.py');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('config file must be TOML', 'settings file must be TOML'));
    const a = errdex(['analyze', fx.root, '--db', fx.db, '--repo', 'acme/app']);
    expect(a.code, a.stderr).toBe(0);
    // (the store asks whether the index changed once per turn of the event loop)
    await new Promise((resolve) => setImmediate(resolve));
    const now = rowids(fx.db);
    const after = await reader.recordsByKeys(now);
    expect(after.size).toBe(now.length);
    const kept = new Set(first.values());
    for (const rec of after.values()) expect(kept.has(rec)).toBe(false);
    const messages = [...after.values()].map((rec) => rec.errorMessage);
    expect(messages).toContain('settings file must be TOML, got {path}');
    expect(messages).not.toContain('config file must be TOML, got {path}');
  });

  it('are not kept by a store opened to write (its own commits do not change data_version)', async () => {
    const writer = new SqliteStore(fx.db, 'write');
    try {
      const keys = rowids(fx.db);
      const a = await writer.recordsByKeys(keys);
      const b = await writer.recordsByKeys(keys);
      for (const k of keys) expect(b.get(k)).not.toBe(a.get(k));
    } finally {
      await writer.close();
    }
  });
});
