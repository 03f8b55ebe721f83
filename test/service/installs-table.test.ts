// The install checks are a cache of walks: an index whose installs table has another shape
// (written by an errdex between versions) is opened, the table made anew, and used.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite.js';

describe('installs table', () => {
  it('is made anew when an index holds one of another shape', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-installs-')), 'i.sqlite');
    await new SqliteStore(file, 'write').close();
    const raw = new Database(file);
    raw.exec(`DROP TABLE installs; CREATE TABLE installs (project TEXT NOT NULL, root TEXT NOT NULL, tree_id INTEGER, checks TEXT NOT NULL, PRIMARY KEY (project, root));`);
    raw.prepare(`INSERT INTO installs VALUES ('/p', '/p', NULL, '{}')`).run();
    raw.close();
    const store = new SqliteStore(file, 'write');
    try {
      expect(await store.installs('/p')).toEqual([]);
      await store.setView('/p', [], true, [{ root: '/p', tree: null, check: '{"x":1}', fingerprint: null }]);
      expect(await store.installs('/p')).toMatchObject([{ root: '/p', tree: null, check: '{"x":1}' }]);
    } finally {
      await store.close();
    }
  });
});
