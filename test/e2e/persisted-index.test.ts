// The persisted match index (store/sqlite-match.ts): explain reads only the rows a lookup
// selects, with the same hits as the index built in memory from every row; it is rewritten
// when a tree is replaced; an index written before it existed is explained as before, and
// gets it on its next write.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openMatchSource } from '../../src/store/sqlite-match.js';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const analyze = (root: string, db: string) => {
  const r = errdex(['analyze', root, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
};
const explainJson = (db: string, text: string) => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout);
/** What identifies a ranking: per hit, the record, lines, score, type, captures, reasons and copies. */
const ranking = (r: { hits: { record: { id: string; filePath: string }; lines: number[]; score: number; matchType: string; captures: unknown; why: string[]; copies: unknown }[] }) =>
  r.hits.map((h) => [h.record.id, h.record.filePath, h.lines, h.score, h.matchType, h.captures, h.why, h.copies]);
const hasTables = (db: string) => {
  const d = new Database(db, { readonly: true });
  try {
    return openMatchSource(d) !== null;
  } finally {
    d.close();
  }
};
const dropTables = (db: string) => {
  const d = new Database(db);
  for (const t of ['mi_records_insert', 'mi_records_delete', 'mi_records_update', 'mi_trees_update']) d.exec(`DROP TRIGGER IF EXISTS ${t}`);
  for (const t of ['mi_meta', 'mi_words', 'mi_rows', 'mi_tails', 'mi_wordless', 'mi_classes', 'mi_changes']) d.exec(`DROP TABLE IF EXISTS ${t}`);
  d.close();
};

const TRACE = `Traceback (most recent call last):
  File "/srv/app/main.py", line 3, in <module>
    check(-1)
  File "/srv/app/pkg/checks.py", line 4, in check
    raise ValueError(f"value {v} must be positive")
ValueError: value -1 must be positive`;

const QUERIES = [
  'value -1 must be positive', TRACE, 'unknown mode: fast', 'TypeError: expected a list of names', 'Error: connection to db1 refused',
  'table users is locked', 'nothing like this anywhere',
];

function tree(): string {
  const root = tmpDir('persisted');
  write(root, 'pkg/checks.py', `def check(v):\n    if v > 0:\n        return v\n    raise ValueError(f"value {v} must be positive")\n\n\ndef mode(m):\n    raise ValueError("unknown mode: %s" % m)\n`);
  write(root, 'pkg/names.py', `def names(xs):\n    if not isinstance(xs, list):\n        raise TypeError("expected a list of names")\n    return xs\n`);
  write(root, 'pkg/copy/names.py', `def names(xs):\n    if not isinstance(xs, list):\n        raise TypeError("expected a list of names")\n    return xs\n`);
  write(root, 'lib/db.js', `function connect(host) {\n  throw new Error(\`connection to \${host} refused\`);\n}\nfunction lock(t) {\n  throw new Error('table ' + t + ' is locked');\n}\nmodule.exports = { connect, lock };\n`);
  return root;
}

describe('persisted match index', () => {
  it('explain gives the same hits from the persisted index as from the index built in memory', () => {
    const root = tree();
    const db = path.join(tmpDir('persisted-db'), 'i.sqlite');
    analyze(root, db);
    expect(hasTables(db)).toBe(true);
    const old = path.join(tmpDir('persisted-old'), 'i.sqlite');
    fs.copyFileSync(db, old);
    dropTables(old);
    expect(hasTables(old)).toBe(false);
    for (const q of QUERIES) {
      const lazy = explainJson(db, q);
      const full = explainJson(old, q);
      expect(ranking(lazy), q).toEqual(ranking(full));
      expect(lazy.indexed).toBe(full.indexed);
      expect(lazy.matched).toBe(full.matched);
    }
    expect(explainJson(db, 'value -1 must be positive').hits[0].record.filePath).toBe('pkg/checks.py');
    expect(explainJson(db, TRACE).hits[0].matchType).toBe('frame');
  });

  it('is kept in step when a tree is replaced', () => {
    const root = tree();
    const db = path.join(tmpDir('persisted-db'), 'i.sqlite');
    analyze(root, db);
    expect(explainJson(db, 'unknown mode: fast').hits[0].record.filePath).toBe('pkg/checks.py');
    write(root, 'pkg/checks.py', `def check(v):\n    raise ValueError(f"value {v} is out of bounds")\n\n\ndef mode(m):\n    raise KeyError("no such mode: %s" % m)\n`);
    analyze(root, db);
    expect(hasTables(db)).toBe(true);
    const now = explainJson(db, 'no such mode: fast');
    expect(now.matched).toBe(true);
    expect(now.hits[0].record.filePath).toBe('pkg/checks.py');
    expect(now.hits[0].matchType).toBe('template');
    const gone = explainJson(db, 'unknown mode: fast');
    expect(gone.hits.some((h: { record: { filePath: string }; matchType: string }) => h.record.filePath === 'pkg/checks.py' && h.matchType === 'template')).toBe(false);
    expect(gone.matched).toBe(false);
  });

  it('an index written before the tables existed is explained from its rows, and gets them on its next write', () => {
    const root = tree();
    const db = path.join(tmpDir('persisted-db'), 'i.sqlite');
    analyze(root, db);
    const before = QUERIES.map((q) => ranking(explainJson(db, q)));
    dropTables(db);
    expect(QUERIES.map((q) => ranking(explainJson(db, q)))).toEqual(before);
    expect(hasTables(db)).toBe(false); // (explain does not write)
    analyze(root, db); // unchanged tree: nothing rewritten but the tables
    expect(hasTables(db)).toBe(true);
    expect(QUERIES.map((q) => ranking(explainJson(db, q)))).toEqual(before);
    // records written by something that does not keep the tables (an older errdex): not used until rewritten
    const d = new Database(db);
    d.exec(`UPDATE records SET json = json`);
    d.close();
    expect(hasTables(db)).toBe(false);
    expect(QUERIES.map((q) => ranking(explainJson(db, q)))).toEqual(before);
  });
});
