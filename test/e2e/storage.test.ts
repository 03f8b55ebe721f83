// The database is only touched as asked: read-only commands (stats, explain, show) never
// create an index nor write to a file that is not one; an index of the older schema is read as
// it is by them and migrated in place by analyze; every storage failure is exit 3 naming the
// path and the cause.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CLI, errdex, explainOutput, tmpDir, write, type CliResult } from './cli.js';

const GOOD = 'def parse(x):\n    raise ValueError(f"negative input: {x}")\n';
const READERS: string[][] = [['stats'], ['stats', '--json'], ['explain', 'negative input: 3'], ['show', '0123456789abcdef']];

const bytes = (f: string) => createHash('sha256').update(fs.readFileSync(f)).digest('hex');

/** A source tree anyone can read (the unprivileged runs below read it too). */
function tree(prefix: string, text = GOOD): string {
  const root = tmpDir(prefix);
  write(root, 'm.py', text);
  fs.chmodSync(root, 0o755);
  fs.chmodSync(path.join(root, 'm.py'), 0o644);
  return root;
}

/**
 * The CLI as a user without privileges: as root (who may write anything), as `nobody`; otherwise
 * as the user running the tests.
 */
function unprivileged(args: string[]): CliResult {
  const asRoot = process.getuid?.() === 0;
  const r = spawnSync(process.execPath, [CLI, ...args], {
    env: { ...process.env, NO_COLOR: '1' },
    ...(asRoot ? { uid: 65534, gid: 65534, cwd: '/' } : {}),
  });
  return { code: r.status ?? -1, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

/** A directory the unprivileged user may read and enter (`writable`: and write). */
function dirFor(prefix: string, writable: boolean): string {
  const d = tmpDir(prefix);
  fs.chmodSync(d, writable ? 0o777 : 0o555);
  return d;
}

describe('a read-only command on a missing index', () => {
  it('is exit 3 naming the path, and creates neither the file nor its directory', () => {
    for (const cmd of READERS) {
      const dir = tmpDir('missing');
      const db = path.join(dir, 'sub', 'i.sqlite');
      const r = errdex([...cmd, '--db', db]);
      expect(r.code, `${cmd.join(' ')}: ${r.stderr}`).toBe(3);
      expect(r.stderr).toContain(`no errdex index at ${db}`);
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });

  it('the default index (.errdex/index.sqlite) is not created either', () => {
    const cwd = tmpDir('missing-default');
    const env = { ...process.env, NO_COLOR: '1' };
    delete env.ERRDEX_DB;
    const r = spawnSync(process.execPath, [CLI, 'stats'], { cwd, env });
    expect(r.status).toBe(3);
    expect(r.stderr.toString()).toContain('no errdex index at .errdex/index.sqlite');
    expect(fs.readdirSync(cwd)).toEqual([]);
  });
});

describe('a file that is not an errdex index', () => {
  it("another application's SQLite file is refused by every command, byte-identical, its journal mode kept", () => {
    const dir = tmpDir('foreign');
    const f = path.join(dir, 'app.db');
    const other = new Database(f);
    other.exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO notes (body) VALUES ('keep me')`);
    other.close();
    const before = bytes(f);
    for (const cmd of [...READERS, ['analyze', tree('foreign-src')]]) {
      const r = errdex([...cmd, '--db', f]);
      expect(r.code, `${cmd.join(' ')}: ${r.stderr}`).toBe(3);
      expect(r.stderr).toContain(f);
      expect(r.stderr).toMatch(/not an errdex index/);
      expect(bytes(f)).toBe(before);
      expect(fs.readdirSync(dir)).toEqual(['app.db']);
    }
    const check = new Database(f, { readonly: true });
    expect(check.prepare(`SELECT name FROM sqlite_master`).all()).toEqual([{ name: 'notes' }]);
    expect(check.pragma('journal_mode', { simple: true })).toBe('delete');
    check.close();
  });

  it('an empty file (an __init__.py) is refused by every command and stays empty', () => {
    const dir = tmpDir('empty');
    const f = write(dir, 'pkg/__init__.py', '');
    for (const cmd of [...READERS, ['analyze', tree('empty-src')]]) {
      const r = errdex([...cmd, '--db', f]);
      expect(r.code, `${cmd.join(' ')}: ${r.stderr}`).toBe(3);
      expect(r.stderr).toContain(f);
      expect(r.stderr).toMatch(/not an errdex index/);
      expect(fs.statSync(f).size).toBe(0);
      expect(fs.readdirSync(path.dirname(f))).toEqual(['__init__.py']);
    }
  });

  it('a directory, a device: refused, exit 3', () => {
    const dir = tmpDir('notfile');
    for (const [db, why] of [[dir, /is a directory/], ['/dev/full', /not a regular file/]] as const) {
      for (const cmd of [['stats'], ['analyze', tree('notfile-src')]]) {
        const r = errdex([...cmd, '--db', db]);
        expect(r.code, `${cmd.join(' ')} ${db}: ${r.stderr}`).toBe(3);
        expect(r.stderr).toContain(db);
        expect(r.stderr).toMatch(why);
      }
    }
  });
});

/** The schema-4 SQL, as errdex wrote it before tree paths were stored (schema 5). */
const SCHEMA_4 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE trees (
  tree_id INTEGER PRIMARY KEY,
  repo TEXT NOT NULL,
  sha TEXT NOT NULL DEFAULT '',
  root TEXT NOT NULL,
  package TEXT,
  version TEXT,
  fingerprint TEXT NOT NULL,
  entry_dirs TEXT NOT NULL DEFAULT '[]',
  analyzed_at TEXT NOT NULL,
  files INTEGER NOT NULL,
  records INTEGER NOT NULL,
  stat_check TEXT,
  UNIQUE (repo, sha)
);
CREATE TABLE records (
  tree_id INTEGER NOT NULL REFERENCES trees(tree_id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  language TEXT,
  error_class TEXT,
  error_code TEXT,
  file_path TEXT NOT NULL,
  line INTEGER NOT NULL,
  template TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (tree_id, id)
);
CREATE INDEX records_id ON records(id);
CREATE TABLE file_cache (key TEXT PRIMARY KEY, analysis TEXT NOT NULL);
`;
const TREE_COLUMNS = 'tree_id, repo, sha, root, package, version, fingerprint, entry_dirs, analyzed_at, files, records, stat_check';

/** An index of schema 4 holding what the current errdex indexed from `roots` (one tree each). */
function schema4Index(roots: string[]): string {
  const fresh = path.join(tmpDir('v4-src-db'), 'i.sqlite');
  for (const root of roots) expect(errdex(['analyze', root, '--db', fresh]).code).toBe(0);
  const old = path.join(tmpDir('v4-db'), 'i.sqlite');
  const d = new Database(old);
  d.pragma('page_size = 16384');
  d.pragma('journal_mode = WAL');
  d.exec(SCHEMA_4);
  d.exec(`ATTACH DATABASE '${fresh.replaceAll("'", "''")}' AS fresh`);
  d.exec(`INSERT INTO trees (${TREE_COLUMNS}) SELECT ${TREE_COLUMNS} FROM fresh.trees;
    INSERT INTO records SELECT tree_id, id, language, error_class, error_code, file_path, line, template, json FROM fresh.records;
    INSERT INTO file_cache SELECT key, analysis FROM fresh.file_cache;
    INSERT INTO meta (key, value) VALUES ('schema', '4');`);
  d.exec('DETACH DATABASE fresh');
  d.close();
  return old;
}

const schemaOf = (db: string) => {
  const d = new Database(db, { readonly: true });
  try {
    const v = (d.prepare(`SELECT value FROM meta WHERE key = 'schema'`).get() as { value: string }).value;
    const columns = (d.prepare(`SELECT name FROM pragma_table_info('trees')`).all() as { name: string }[]).map((c) => c.name);
    const records = d.prepare(`SELECT tree_id, id, json, template FROM records ORDER BY tree_id, id`).all();
    return { v, columns, records: createHash('sha256').update(JSON.stringify(records)).digest('hex') };
  } finally {
    d.close();
  }
};

describe('an index of the older schema (4)', () => {
  it('is read as it is by read-only commands, and migrated in place by analyze with its records kept', () => {
    const root = path.join(tree('v4'), 'lib');
    write(root, 'm.py', GOOD);
    const old = schema4Index([root]);
    const before = schemaOf(old);
    expect(before.v).toBe('4');
    const file = bytes(old);

    const s = errdex(['stats', '--db', old, '--json']);
    expect(s.code, s.stderr).toBe(0);
    const st = JSON.parse(s.stdout);
    expect(st).toMatchObject({ trees: 1, records: 1 });
    const e = errdex(['explain', 'negative input: 3', '--db', old, '--json']);
    expect(e.code, e.stderr).toBe(0);
    const hit = explainOutput(e.stdout).hits[0].record;
    expect(hit.filePath).toBe('m.py');
    expect(errdex(['show', hit.id, '--db', old]).code).toBe(0);
    expect(bytes(old)).toBe(file);
    expect(schemaOf(old)).toEqual(before);

    // the same tree: migrated, recognised as unchanged, the records as they were
    const a = errdex(['analyze', root, '--db', old, '--json']);
    expect(a.code, a.stderr).toBe(0);
    expect(JSON.parse(a.stdout)).toMatchObject({ unchanged: true, records: 1, replaced: [] });
    const after = schemaOf(old);
    expect(after.v).toBe('5');
    expect(after.columns).toContain('path');
    expect(after.records).toBe(before.records);

    // another directory of the same name: its own tree, the migrated one untouched
    const other = path.join(tree('v4-other'), 'lib');
    write(other, 'n.py', 'def g(x):\n    raise KeyError(f"no such key {x}")\n');
    expect(JSON.parse(errdex(['analyze', other, '--db', old, '--json']).stdout)).toMatchObject({ records: 1, replaced: [] });
    const d = new Database(old, { readonly: true });
    const kept = d.prepare(`SELECT tree_id, id, json, template FROM records WHERE tree_id = ? ORDER BY id`).all(st.treeList[0].treeId);
    d.close();
    const keptHash = createHash('sha256').update(JSON.stringify(kept)).digest('hex');
    expect(keptHash).toBe(before.records);
    expect(JSON.parse(errdex(['stats', '--db', old, '--json']).stdout).trees).toBe(2);

    // the migrated tree, changed: replaced, and reported
    write(root, 'm.py', GOOD.replace('negative', 'negated'));
    expect(JSON.parse(errdex(['analyze', root, '--db', old, '--json']).stdout).replaced).toMatchObject([{ repo: 'lib', sha: null, records: 1 }]);
    expect(JSON.parse(errdex(['stats', '--db', old, '--json']).stdout).trees).toBe(2);
    // an index of a schema this errdex does not know: refused by every command, untouched
    const d9 = new Database(old);
    d9.exec(`UPDATE meta SET value = '9' WHERE key = 'schema'`);
    d9.close();
    const v9 = bytes(old);
    for (const cmd of [...READERS, ['analyze', root]]) {
      const r = errdex([...cmd, '--db', old]);
      expect(r.code, cmd.join(' ')).toBe(3);
      expect(r.stderr).toMatch(/has schema 9/);
    }
    expect(bytes(old)).toBe(v9);
  });
});

describe('storage failures', () => {
  it('a --db path under a regular file: exit 3 naming the path and the cause', () => {
    const f = write(tmpDir('underfile'), 'plain.txt', 'just text\n');
    const db = path.join(f, 'i.sqlite');
    const a = errdex(['analyze', tree('underfile-src'), '--db', db]);
    expect(a.code, a.stderr).toBe(3);
    expect(a.stderr).toContain(db);
    expect(a.stderr).toMatch(/not a directory/);
    const s = errdex(['stats', '--db', db]);
    expect(s.code).toBe(3);
    expect(s.stderr).toContain(db);
    expect(fs.readFileSync(f, 'utf8')).toBe('just text\n');
  });

  it('a new index in a directory the user cannot write: exit 3 naming the path and the cause', () => {
    const db = path.join(dirFor('rodir-new', false), 'sub', 'i.sqlite');
    const r = unprivileged(['analyze', tree('rodir-new-src'), '--db', db]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain(db);
    expect(r.stderr).toMatch(/permission denied/i);
  });

  it('a writable index in a read-only directory: exit 3 naming the path and the cause, the records kept', () => {
    const dir = dirFor('rodir', true);
    const db = path.join(dir, 'i.sqlite');
    const root = tree('rodir-src');
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
    fs.chmodSync(db, 0o666);
    fs.chmodSync(dir, 0o555);
    const file = bytes(db);
    write(root, 'more.py', 'raise RuntimeError("another one")\n');
    fs.chmodSync(path.join(root, 'more.py'), 0o644);
    const r = unprivileged(['analyze', root, '--db', db]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain(db);
    expect(r.stderr).toMatch(/directory|read-only|permission/i);
    expect(r.stderr).not.toMatch(/internal error/);
    expect(bytes(db)).toBe(file);
  });

  it('an index file the user cannot write: analyze is exit 3 naming the path; read-only commands read it', () => {
    const dir = dirFor('rofile', true);
    const db = path.join(dir, 'i.sqlite');
    const root = tree('rofile-src');
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
    fs.chmodSync(db, 0o444);
    const file = bytes(db);
    write(root, 'more.py', 'raise RuntimeError("another one")\n');
    fs.chmodSync(path.join(root, 'more.py'), 0o644);
    const r = unprivileged(['analyze', root, '--db', db]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain(db);
    expect(r.stderr).toMatch(/read-only|permission|not writable/i);
    expect(r.stderr).not.toMatch(/internal error/);
    const s = unprivileged(['stats', '--db', db, '--json']);
    expect(s.code, s.stderr).toBe(0);
    expect(JSON.parse(s.stdout).records).toBe(1);
    const e = unprivileged(['explain', 'negative input: 3', '--db', db]);
    expect(e.code, e.stderr).toBe(0);
    expect(bytes(db)).toBe(file);
  });
});
