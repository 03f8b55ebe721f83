// Several trees through one pool: the same records as one tree at a time, summaries in order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeTree } from '../../src/pipeline/analyze-tree.js';
import { analyzeTrees } from '../../src/pipeline/analyze-trees.js';
import { createPool } from '../../src/scan/pool.js';
import { SqliteStore } from '../../src/store/sqlite.js';

const tmp = (p: string) => fs.mkdtempSync(path.join(os.tmpdir(), `errdex-${p}-`));

function tree(name: string, files: Record<string, string>): string {
  const root = path.join(tmp('trees'), name);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const records = (store: SqliteStore) =>
  (store.db.prepare(`SELECT t.repo, r.id, r.template, r.json FROM records r JOIN trees t USING (tree_id) ORDER BY t.repo, r.id`).all() as { json: string }[])
    .map((r) => ({ ...r, json: { ...JSON.parse(r.json), analyzedAt: null, contentChangedAt: null } }));

describe('analyzeTrees', () => {
  const roots = [
    tree('alpha', { 'a.py': 'def f(x):\n    raise ValueError(f"bad {x}")\n' }),
    tree('beta', { 'b.js': 'function fail(m) { throw new Error(m) }\nfail("beta broke")\n' }),
    tree('gamma', { 'c.py': 'class E(Exception):\n    pass\n\ndef g():\n    raise E("gamma")\n', 'd.js': 'throw new TypeError("d")\n' }),
  ];

  it('writes the records one tree at a time would, and returns summaries in root order', async () => {
    const one = new SqliteStore(path.join(tmp('one'), 'i.sqlite'));
    const many = new SqliteStore(path.join(tmp('many'), 'i.sqlite'));
    const pool = createPool(0);
    for (const r of roots) await analyzeTree(r, one, { pool });
    const summaries = await analyzeTrees(roots, many, { pool });
    expect(summaries.map((s) => s.repo)).toEqual(['alpha', 'beta', 'gamma']);
    expect(records(many)).toEqual(records(one));
    expect(records(many).length).toBeGreaterThanOrEqual(4);
    one.close();
    many.close();
  });

  it('fails with the first failing tree and lets the others settle', async () => {
    const store = new SqliteStore(path.join(tmp('fail'), 'i.sqlite'));
    await expect(analyzeTrees([roots[0], '/nonexistent/errdex-tree', roots[1]], store, { pool: createPool(0) })).rejects.toThrow(/path not found/);
    store.close();
  });
});
