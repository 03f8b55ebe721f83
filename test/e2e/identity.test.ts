// Tree identity: a tree is its repository, its commit and the path of its root inside the
// repository (with no commit, its absolute path). Analyzing one file of an indexed tree, a
// subdirectory of a repository, or another directory of the same name is its own tree and leaves
// every record already indexed as it was; replacing a tree's records is reported.
import { createHash } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const raise = (fn: string, msg: string) => `def ${fn}(x):\n    raise ValueError(f"${msg} {x}")\n`;

interface Replaced { repo: string; sha: string | null; path: string; records: number }
interface Summary { repo: string; sha: string | null; path: string; records: number; unchanged: boolean; replaced: Replaced[] }

const analyze = (target: string, db: string, ...extra: string[]): Summary => {
  const r = errdex(['analyze', target, '--db', db, '--json', ...extra]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Summary;
};

/** Every stored record (its tree, id, full JSON and templates), read from the file itself. */
function records(db: string): { tree: number; key: string; hash: string }[] {
  const d = new Database(db, { readonly: true, fileMustExist: true });
  try {
    const rows = d.prepare(`SELECT t.tree_id AS tree, t.repo, t.sha, t.root, t.fingerprint, t.analyzed_at, r.id, r.json, r.template
      FROM records r JOIN trees t USING (tree_id) ORDER BY t.tree_id, r.id`).all() as Record<string, unknown>[];
    return rows.map((r) => ({ tree: r.tree as number, key: `${r.tree}:${r.id}`, hash: createHash('sha256').update(JSON.stringify(r)).digest('hex') }));
  } finally {
    d.close();
  }
}

/** The records of the trees indexed in `before`, as they are in `db` now. */
const nowOf = (db: string, before: ReturnType<typeof records>) => {
  const trees = new Set(before.map((r) => r.tree));
  return records(db).filter((r) => trees.has(r.tree));
};

const treeCount = (db: string) => JSON.parse(errdex(['stats', '--db', db, '--json']).stdout).trees as number;

const hitFile = (db: string, message: string) => {
  const r = errdex(['explain', message, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return explainOutput(r.stdout).hits[0].record.filePath as string;
};

/** A git checkout errdex can read: HEAD on a branch, a GitHub remote. */
function gitRepo(root: string, sha: string): void {
  write(root, '.git/HEAD', 'ref: refs/heads/main\n');
  write(root, '.git/refs/heads/main', sha + '\n');
  write(root, '.git/config', '[remote "origin"]\n\turl = https://github.com/acme/widget.git\n');
}

describe('one file of an indexed tree', () => {
  it('is its own tree: every record of the directory stays as it was', () => {
    const lib = path.join(tmpDir('onefile'), 'python3.11');
    const db = path.join(tmpDir('onefile-db'), 'i.sqlite');
    write(lib, 'fractions.py', raise('frac', 'not a fraction'));
    write(lib, 'decimal.py', raise('dec', 'not a decimal'));
    write(lib, 'json/decoder.py', raise('dec', 'bad json document'));
    expect(analyze(lib, db).records).toBe(3);
    const before = records(db);

    const one = analyze(path.join(lib, 'fractions.py'), db);
    expect(one).toMatchObject({ records: 1, replaced: [] });
    expect(nowOf(db, before)).toEqual(before);
    expect(treeCount(db)).toBe(2);
    expect(hitFile(db, 'not a decimal 3')).toBe('decimal.py');
    expect(hitFile(db, 'bad json document x')).toBe('json/decoder.py');
  });

  it('two files of one directory are two trees', () => {
    const dir = tmpDir('twofiles');
    const db = path.join(tmpDir('twofiles-db'), 'i.sqlite');
    write(dir, 'a.py', raise('a', 'first failure'));
    write(dir, 'b.py', raise('b', 'second failure'));
    analyze(path.join(dir, 'a.py'), db);
    const before = records(db);
    expect(analyze(path.join(dir, 'b.py'), db).replaced).toEqual([]);
    expect(nowOf(db, before)).toEqual(before);
    expect(hitFile(db, 'first failure 1')).toBe('a.py');
  });
});

describe('a subdirectory of a git repository', () => {
  it('is its own tree, named by its path in the repository; the repository\'s records stay', () => {
    const repo = tmpDir('gitsub');
    const db = path.join(tmpDir('gitsub-db'), 'i.sqlite');
    const sha = 'c'.repeat(40);
    gitRepo(repo, sha);
    write(repo, 'src/app.py', raise('run', 'app cannot start'));
    write(repo, 'pkg/util.py', raise('util', 'util is broken'));
    expect(analyze(repo, db)).toMatchObject({ repo: 'acme/widget', sha, path: '', records: 2, replaced: [] });
    const before = records(db);

    expect(analyze(path.join(repo, 'pkg'), db)).toMatchObject({ repo: 'acme/widget', sha, path: 'pkg', records: 1, replaced: [] });
    expect(nowOf(db, before)).toEqual(before);
    expect(treeCount(db)).toBe(2);
    expect(hitFile(db, 'app cannot start now')).toBe('src/app.py');

    // re-analyzing the subdirectory after a change replaces that tree only, and says so
    const both = records(db);
    write(repo, 'pkg/util.py', raise('util', 'util is really broken'));
    expect(analyze(path.join(repo, 'pkg'), db).replaced).toEqual([{ repo: 'acme/widget', sha, path: 'pkg', records: 1 }]);
    expect(nowOf(db, before)).toEqual(before);
    expect(records(db).length).toBe(both.length);

    // one file of the repository: its own tree too
    expect(analyze(path.join(repo, 'src/app.py'), db)).toMatchObject({ path: 'src/app.py', records: 1, replaced: [] });
    expect(nowOf(db, before)).toEqual(before);
  });
});

describe('another directory that happens to share a name', () => {
  it('never touches the first', () => {
    const a = path.join(tmpDir('name-a'), 'utils');
    const b = path.join(tmpDir('name-b'), 'utils');
    const db = path.join(tmpDir('name-db'), 'i.sqlite');
    write(a, 'x.py', raise('x', 'first utils fails'));
    write(b, 'y.py', raise('y', 'second utils fails'));
    expect(analyze(a, db)).toMatchObject({ repo: 'utils', sha: null, path: a, records: 1 });
    const before = records(db);
    expect(analyze(b, db)).toMatchObject({ repo: 'utils', path: b, records: 1, replaced: [] });
    expect(nowOf(db, before)).toEqual(before);
    expect(treeCount(db)).toBe(2);
    expect(hitFile(db, 'first utils fails 1')).toBe('x.py');
    expect(hitFile(db, 'second utils fails 1')).toBe('y.py');
  });

  it('nor does another checkout of the same name with --repo, without a commit', () => {
    const a = path.join(tmpDir('repo-a'), 'app');
    const b = path.join(tmpDir('repo-b'), 'app');
    const db = path.join(tmpDir('repo-db'), 'i.sqlite');
    write(a, 'x.py', raise('x', 'checkout a fails'));
    write(b, 'x.py', raise('x', 'checkout b fails'));
    analyze(a, db, '--repo', 'me/app');
    const before = records(db);
    expect(analyze(b, db, '--repo', 'me/app').replaced).toEqual([]);
    expect(nowOf(db, before)).toEqual(before);
  });
});

describe('replacing a tree\'s records', () => {
  it('is reported in the summary and on stderr', () => {
    const root = path.join(tmpDir('replace'), 'proj');
    const db = path.join(tmpDir('replace-db'), 'i.sqlite');
    write(root, 'a.py', raise('a', 'a fails'));
    write(root, 'b.py', raise('b', 'b fails'));
    const first = errdex(['analyze', root, '--db', db]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).not.toMatch(/replaced/);

    write(root, 'b.py', raise('b', 'b fails differently'));
    expect(analyze(root, db).replaced).toEqual([{ repo: 'proj', sha: null, path: root, records: 2 }]);
    write(root, 'c.py', raise('c', 'c fails'));
    const human = errdex(['analyze', root, '--db', db]);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stderr).toContain(`replaced 2 records of proj (${root})`);
    // unchanged: nothing replaced
    expect(analyze(root, db)).toMatchObject({ unchanged: true, replaced: [] });
  });

  it('the same checkout under a new name replaces the old tree, and says so', () => {
    const root = tmpDir('rename');
    const db = path.join(tmpDir('rename-db'), 'i.sqlite');
    write(root, 'm.py', raise('f', 'bad value'));
    analyze(root, db, '--repo', 'old/name');
    expect(analyze(root, db, '--repo', 'new/name').replaced).toEqual([{ repo: 'old/name', sha: null, path: root, records: 1 }]);
    expect(treeCount(db)).toBe(1);
  });
});
