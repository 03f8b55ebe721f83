// Bad input gets a clear message naming the problem; analysis continues past
// bad files; nothing already indexed is lost.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, errdex, tmpDir, write, explainOutput } from './cli.js';
import { spawnSync } from 'node:child_process';

const GOOD = `def parse(x):\n    if x < 0:\n        raise ValueError(f"negative input: {x}")\n    return x\n`;

function stats(db: string) {
  const r = errdex(['stats', '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { records: number; trees: number };
}

describe('bad files during analysis', () => {
  let root: string;
  let db: string;
  let summary: { problems: { path: string; problem: string }[]; records: number; skipped: Record<string, number> };

  beforeAll(() => {
    root = tmpDir('bad');
    db = path.join(tmpDir('bad-db'), 'i.sqlite');
    write(root, 'good.py', GOOD);
    write(root, 'binary.py', Buffer.from([0x72, 0x61, 0x69, 0x73, 0x65, 0x00, 0x01, 0x02]));
    write(root, 'latin1.py', Buffer.concat([Buffer.from('raise ValueError("caf'), Buffer.from([0xe9]), Buffer.from('")\n')]));
    write(root, 'huge.min.js', 'var a=1;'.repeat(10 * 1024 * 1024 / 8));
    write(root, 'wide.js', `throw new Error("x");${' '.repeat(6000)}\n`);
    write(root, 'app.min.js', 'function a(n){if(!n)throw new TypeError("At least one of max, maxSize, or ttl is required");return n}' +
      `function b(x){if(x<0)throw new RangeError("negative size "+x)}var z=[${'0,'.repeat(4000)}0];\n`);
    write(root, 'broken.py', `x = = 1\n\ndef g(y):\n    raise KeyError(f"missing key {y}")\n`);
    fs.mkdirSync(path.join(root, 'loop'));
    fs.symlinkSync('loop-b', path.join(root, 'loop', 'loop-a.py'));
    fs.symlinkSync('loop-a.py', path.join(root, 'loop', 'loop-b'));
    fs.symlinkSync('/etc/hostname', path.join(root, 'outside.py'));
    const r = errdex(['analyze', root, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    summary = JSON.parse(r.stdout);
  });

  const problemOf = (p: string) => summary.problems.find((x) => x.path === p)?.problem ?? '';

  it('still indexes the good files', () => {
    const r = errdex(['explain', 'negative input: -3', '--db', db, '--json']);
    expect(r.code).toBe(0);
    expect(explainOutput(r.stdout).hits[0].record.filePath).toBe('good.py');
  });
  it('names a binary file', () => expect(problemOf('binary.py')).toMatch(/binary/));
  it('names invalid UTF-8 and where', () => expect(problemOf('latin1.py')).toMatch(/invalid UTF-8 at byte 21/));
  it('refuses a 10 MB one-line file by size', () => expect(problemOf('huge.min.js')).toMatch(/over the \d+-byte limit/));
  it('detects a minified line', () => expect(problemOf('wide.js')).toMatch(/minified/));
  it('analyzes a small minified file: a frame on its line 1 finds the site, tagged minified', () => {
    expect(problemOf('app.min.js')).toMatch(/minified .*analyzed/);
    const trace = 'TypeError: At least one of max, maxSize, or ttl is required\n    at new u (/srv/app/app.min.js:1:21)\n    at main (/srv/app/main.js:3:1)\n';
    const r = errdex(['explain', trace, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hit = explainOutput(r.stdout).hits[0];
    expect(hit.record).toMatchObject({ filePath: 'app.min.js', lineNumber: 1, errorMessage: 'At least one of max, maxSize, or ttl is required' });
    expect(hit.record.tags).toContain('minified');
    expect(hit.record.sourceCode.length).toBeLessThan(600);
  });
  it('reports a syntax error and keeps analyzing the rest of the file', () => {
    expect(problemOf('broken.py')).toMatch(/syntax error near line 1/);
    const r = errdex(['explain', 'missing key abc', '--db', db, '--json']);
    expect(explainOutput(r.stdout).hits[0]?.record.filePath).toBe('broken.py');
  });
  it('names a symlink loop', () => expect(problemOf('loop/loop-a.py')).toMatch(/symlink loop/));
  it('does not follow a symlink out of the tree', () => expect(problemOf('outside.py')).toMatch(/outside the tree/));
});

describe('unreadable file', () => {
  it('is reported by name while the rest is analyzed', () => {
    const root = tmpDir('unreadable');
    const dbDir = tmpDir('unreadable-db');
    write(root, 'ok.py', GOOD);
    write(root, 'secret.py', 'raise ValueError("hidden")\n');
    fs.chmodSync(path.join(root, 'secret.py'), 0o000);
    // Root reads everything; drop to "nobody" so the permission is real.
    for (const d of [root, dbDir]) fs.chmodSync(d, 0o777);
    const asRoot = process.getuid?.() === 0;
    const cmd = asRoot ? ['/usr/bin/setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, CLI] : [process.execPath, CLI];
    const r = spawnSync(cmd[0], [...cmd.slice(1), 'analyze', root, '--db', path.join(dbDir, 'i.sqlite'), '--json'], { env: { ...process.env, NO_COLOR: '1' } });
    expect(r.status, r.stderr.toString()).toBe(0);
    const s = JSON.parse(r.stdout.toString());
    expect(s.problems).toContainEqual({ path: 'secret.py', problem: 'cannot read: EACCES' });
    expect(s.records).toBe(1);
  });
});

describe('bad explain input and bad paths', () => {
  let db: string;
  beforeAll(() => {
    const root = tmpDir('ok');
    write(root, 'good.py', GOOD);
    db = path.join(tmpDir('ok-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
  });

  it('refuses empty input', () => {
    const r = errdex(['explain', '-', '--db', db], { input: '  \n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/input is empty/);
  });
  it('refuses a 100 MB input file without reading it', () => {
    const f = path.join(tmpDir('big'), 'big.log');
    fs.writeFileSync(f, '');
    fs.truncateSync(f, 100 * 1024 * 1024);
    const r = errdex(['explain', '--file', f, '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/104857600 bytes, over the 10485760-byte limit/);
  });
  it('reads a stdin left non-blocking, written in two parts (read on as a stream after EAGAIN)', () => {
    // (a parent that is not Node can hand over a non-blocking pipe; Node's spawn makes stdin blocking)
    const feeder = `
import fcntl, os, subprocess, sys, time
r, w = os.pipe()
fcntl.fcntl(r, fcntl.F_SETFL, fcntl.fcntl(r, fcntl.F_GETFL) | os.O_NONBLOCK)
p = subprocess.Popen(sys.argv[1:], stdin=r, stdout=subprocess.PIPE)
os.close(r)
os.write(w, b'negative ')
time.sleep(0.5)
os.write(w, b'input: -3')
os.close(w)
sys.stdout.write(p.communicate()[0].decode())
sys.exit(p.returncode)`;
    const r = spawnSync('/usr/bin/python3', ['-c', feeder, process.execPath, CLI, 'explain', '--db', db, '--json'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const out = explainOutput(r.stdout);
    expect(out.links[0].message).toBe('negative input: -3');
    expect(out.hits[0].record.filePath).toBe('good.py');
  });
  it('reads a stdin of /dev/null as empty input: a character device, but no terminal', () => {
    const r = spawnSync(process.execPath, [CLI, 'explain', '--db', db], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/input is empty/);
  });
  it('refuses an oversized stdin', () => {
    const r = errdex(['explain', '--db', db], { input: 'x'.repeat(11 * 1024 * 1024) });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/over the 10485760-byte limit/);
  });
  it('names a missing path', () => {
    const r = errdex(['analyze', '/nonexistent/errdex-path', '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/path not found: \/nonexistent\/errdex-path/);
  });
  it('names a missing input file', () => {
    const r = errdex(['explain', '--file', '/nonexistent/trace.txt', '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/input file not found/);
  });
  it('rejects unknown options clearly', () => {
    const r = errdex(['analyze', '.', '--frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/frobnicate/);
  });
});

describe('the index survives', () => {
  it('a corrupt database file is named, not overwritten', () => {
    const f = path.join(tmpDir('corrupt'), 'i.sqlite');
    fs.writeFileSync(f, 'this is not a database'.repeat(100));
    const before = fs.readFileSync(f);
    const r = errdex(['stats', '--db', f]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/not a valid errdex database/);
    expect(fs.readFileSync(f).equals(before)).toBe(true);
  });

  it('a locked database is named, and its records stay readable', () => {
    const root = tmpDir('lock');
    write(root, 'good.py', GOOD);
    const db = path.join(tmpDir('lock-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--repo', 'me/lock']).code).toBe(0);
    write(root, 'more.py', 'raise RuntimeError("another one")\n');
    const holder = new Database(db);
    holder.exec('BEGIN EXCLUSIVE');
    try {
      const r = errdex(['analyze', root, '--db', db, '--repo', 'me/lock']);
      expect(r.code).toBe(3);
      expect(r.stderr).toMatch(/locked by another process/);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }
    expect(stats(db).records).toBe(1);
  });

  it('kill -9 in the middle of replacing records leaves the previous records', () => {
    const root = tmpDir('kill');
    write(root, 'good.py', GOOD);
    const db = path.join(tmpDir('kill-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--repo', 'me/kill']).code).toBe(0);
    write(root, 'more.py', 'raise RuntimeError("another one")\n');
    const r = errdex(['analyze', root, '--db', db, '--repo', 'me/kill'], { env: { ERRDEX_FAULT: 'kill-during-write' } });
    expect(r.code).toBe(-1); // killed by a signal
    expect(stats(db).records).toBe(1);
    const e = errdex(['explain', 'negative input: 5', '--db', db, '--json']);
    expect(explainOutput(e.stdout).hits[0].record.filePath).toBe('good.py');
    // and the next run completes normally
    expect(errdex(['analyze', root, '--db', db, '--repo', 'me/kill']).code).toBe(0);
    expect(stats(db).records).toBe(2);
  });
});
