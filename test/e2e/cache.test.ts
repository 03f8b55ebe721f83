// Re-analysis: an unchanged tree parses nothing; a changed file is the only one parsed.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { errdex, tmpDir, write, explainOutput } from './cli.js';

const analyze = (root: string, db: string) => {
  const r = errdex(['analyze', root, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { parsed: number; cached: number; unchanged: boolean; records: number };
};

describe('the per-file cache', () => {
  it('parses nothing for an unchanged tree and only the changed file otherwise', () => {
    const root = tmpDir('cache');
    const db = path.join(tmpDir('cache-db'), 'i.sqlite');
    for (let i = 0; i < 5; i++) write(root, `m${i}.py`, `def f${i}(x):\n    raise ValueError(f"bad value {x} in module ${i}")\n`);
    const first = analyze(root, db);
    expect(first).toMatchObject({ parsed: 5, cached: 0, unchanged: false, records: 5 });
    expect(analyze(root, db)).toMatchObject({ parsed: 0, unchanged: true, records: 5 });
    write(root, 'm2.py', 'def f2(x):\n    raise KeyError(f"no key {x}")\n');
    expect(analyze(root, db)).toMatchObject({ parsed: 1, cached: 4, unchanged: false, records: 5 });
    const e = errdex(['explain', 'no key abc', '--db', db, '--json']);
    expect(explainOutput(e.stdout).hits[0].record.filePath).toBe('m2.py');
    const gone = errdex(['explain', 'bad value 3 in module 2', '--db', db, '--json']);
    expect(gone.code).toBe(4);
  });
});

describe('re-runs recognised by file stats', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const run = (root: string, db: string, ...extra: string[]) => {
    const r = errdex(['analyze', root, '--db', db, '--json', ...extra]);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { parsed: number; unchanged: boolean; unchangedBy: string | null; records: number; problems: { path: string }[] };
  };

  it('read nothing when every file is as last read, and read the tree when one changed, even keeping its mtime', async () => {
    const root = tmpDir('stats');
    const db = path.join(tmpDir('stats-db'), 'i.sqlite');
    for (let i = 0; i < 3; i++) write(root, `m${i}.py`, `def f${i}(x):\n    raise ValueError(f"bad value {x} in module ${i}")\n`);
    fs.writeFileSync(path.join(root, 'latin1.py'), Buffer.from('x = "caf\xe9"\n', 'latin1'));
    // (a file changed less than 2 s before a full read is read again next time: let the files age)
    await sleep(2100);
    expect(run(root, db)).toMatchObject({ parsed: 3, unchanged: false, unchangedBy: null, records: 3 });
    const again = run(root, db);
    expect(again).toMatchObject({ parsed: 0, unchanged: true, unchangedBy: 'stats', records: 3 });
    // the summary repeats what the full read reported
    expect(again.problems.map((p) => p.path)).toEqual(['latin1.py']);
    expect(run(root, db, '--verify')).toMatchObject({ unchanged: true, unchangedBy: 'contents' });
    // records rewritten since the stats were taken (another errdex version wrote the tree): read again
    const raw = new Database(db);
    raw.exec(`UPDATE trees SET fingerprint = 'written by another version'`);
    raw.close();
    expect(run(root, db)).toMatchObject({ parsed: 0, unchanged: false, records: 3 });
    expect(run(root, db)).toMatchObject({ unchanged: true, unchangedBy: 'stats' });

    // the same size and modification time (as npm's extraction sets them), other content
    const file = path.join(root, 'm1.py');
    const { mtime } = fs.statSync(file);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('module 1', 'module X'));
    fs.utimesSync(file, mtime, mtime);
    expect(run(root, db)).toMatchObject({ parsed: 1, unchanged: false });
    expect(explainOutput(errdex(['explain', 'bad value 7 in module X', '--db', db, '--json']).stdout).hits[0].record.filePath).toBe('m1.py');
    // read just after a change: read again next time, found unchanged by its contents; once the
    // change is old enough, by the stats again. (The change is a modification time 3 s ahead, so
    // that it stays within 2 s of the next read however slowly a loaded machine starts the CLI.)
    const ahead = Date.now() + 3000;
    fs.utimesSync(file, new Date(ahead), new Date(ahead));
    expect(run(root, db)).toMatchObject({ unchanged: true, unchangedBy: 'contents' });
    await sleep(Math.max(0, ahead + 2100 - Date.now()));
    expect(run(root, db)).toMatchObject({ unchanged: true, unchangedBy: 'contents' });
    expect(run(root, db)).toMatchObject({ unchanged: true, unchangedBy: 'stats' });
  });

  it('an index written before the stats were kept is read, and gets them', () => {
    const root = tmpDir('oldidx');
    const db = path.join(tmpDir('oldidx-db'), 'i.sqlite');
    write(root, 'm.py', 'def f(x):\n    raise ValueError(f"bad value {x}")\n');
    expect(run(root, db).records).toBe(1);
    const raw = new Database(db);
    raw.exec('ALTER TABLE trees DROP COLUMN stat_check');
    raw.close();
    expect(run(root, db)).toMatchObject({ unchanged: true, unchangedBy: 'contents', records: 1 });
    expect(explainOutput(errdex(['explain', 'bad value 3', '--db', db, '--json']).stdout).hits[0].record.filePath).toBe('m.py');
  });
});

describe('copies of one file in a tree', () => {
  it('are parsed once, and each still gets its records', () => {
    const root = tmpDir('copies');
    const db = path.join(tmpDir('copies-db'), 'i.sqlite');
    const src = 'def f(x):\n    raise ValueError(f"bad value {x}")\n';
    for (const rel of ['a.py', 'b/a.py', 'c/a.py']) write(root, rel, src);
    write(root, 'other.py', 'def g(x):\n    raise KeyError(f"no key {x}")\n');
    expect(analyze(root, db)).toMatchObject({ parsed: 2, cached: 2, records: 4 });
  });
});

describe('files that cannot raise', () => {
  it('are not parsed (nor checked for syntax), and the rest of the tree is', () => {
    const root = tmpDir('quiet');
    const db = path.join(tmpDir('quiet-db'), 'i.sqlite');
    write(root, 'add.js', 'export const add = (a, b) => a + b;\nconst = ;\n');
    write(root, 'check.js', "export function check(x) {\n  if (!x) throw new TypeError('x is required');\n}\n");
    const r = errdex(['analyze', root, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout);
    expect(summary).toMatchObject({ files: 2, parsed: 1, cached: 0, cannotRaise: 1, records: 1 });
    expect(summary.problems).toEqual([]);
  });
});

describe('trees', () => {
  it('the same checkout analyzed under a new name replaces the old tree', () => {
    const root = tmpDir('renamed');
    const db = path.join(tmpDir('renamed-db'), 'i.sqlite');
    write(root, 'm.py', 'def f(x):\n    raise ValueError(f"bad value {x}")\n');
    for (const repo of ['old/name', 'new/name']) expect(errdex(['analyze', root, '--db', db, '--repo', repo]).code).toBe(0);
    const stats = JSON.parse(errdex(['stats', '--db', db, '--json']).stdout);
    expect(stats.trees).toBe(1);
    const hits = explainOutput(errdex(['explain', 'bad value 3', '--db', db, '--json']).stdout).hits;
    expect(hits.map((h: { record: { repo: string } }) => h.record.repo)).toEqual(['new/name']);
  });

  it('single-file modules side by side in site-packages stay separate trees', () => {
    const site = path.join(tmpDir('site'), 'lib/python3/dist-packages');
    const db = path.join(tmpDir('site-db'), 'i.sqlite');
    write(site, 'roman.py', 'def f(x):\n    raise ValueError(f"not a roman numeral {x}")\n');
    write(site, 'six.py', 'def g(x):\n    raise TypeError(f"six cannot {x}")\n');
    for (const f of ['roman.py', 'six.py']) expect(errdex(['analyze', path.join(site, f), '--db', db]).code).toBe(0);
    expect(JSON.parse(errdex(['stats', '--db', db, '--json']).stdout).trees).toBe(2);
  });
});

describe('errdex schema', () => {
  it('prints the record JSON Schema', () => {
    const r = errdex(['schema']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.properties.messagePattern.type).toBe('string');
    expect(s.required).toContain('githubUrl');
  });
});

describe('the analyzer code hash that keys the cache', () => {
  /** The built CLI copied inside the repository (so its packages still resolve), to edit its code. */
  const copyDist = (): string => {
    const repo = path.resolve(import.meta.dirname, '../..');
    fs.mkdirSync(path.join(repo, '.errdex'), { recursive: true });
    const copy = fs.mkdtempSync(path.join(repo, '.errdex', 'dist-copy-'));
    fs.cpSync(path.join(repo, 'dist'), copy, { recursive: true });
    return copy;
  };

  it('covers every file of a pack folder: a changed pack file re-parses the tree, an unchanged one does not', () => {
    const dist = copyDist();
    try {
      const cli = (args: string[]) => {
        const r = errdex(args, { cli: path.join(dist, 'bundle/main.js') });
        expect(r.code, r.stderr).toBe(0);
        return JSON.parse(r.stdout) as { parsed: number; cached: number; unchanged: boolean };
      };
      const root = tmpDir('codehash');
      const db = path.join(tmpDir('codehash-db'), 'i.sqlite');
      for (let i = 0; i < 3; i++) write(root, `m${i}.py`, `def f${i}(x):\n    raise ValueError(f"bad value {x} in module ${i}")\n`);
      expect(cli(['analyze', root, '--db', db, '--json', '--verify'])).toMatchObject({ parsed: 3 });
      expect(cli(['analyze', root, '--db', db, '--json', '--verify'])).toMatchObject({ parsed: 0, unchanged: true });
      // a file two folders down in the pack (not a top-level file of src/languages/)
      const packFile = path.join(dist, 'languages/python/strings.js');
      expect(fs.existsSync(packFile)).toBe(true);
      fs.appendFileSync(packFile, '\n// changed\n');
      expect(cli(['analyze', root, '--db', db, '--json', '--verify'])).toMatchObject({ parsed: 3, cached: 0, unchanged: false });
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
