// What errdex prints on a terminal: text that comes from analyzed code or from the user
// (file names, messages, guards, package names and versions, repo names, captured values,
// problems, echoed input) never reaches the terminal with its control characters raw:
// an OSC title, a reset (ESC c), a CSI sequence or an 8-bit C1 control is shown escaped
// (\x1b, \x9b...). --json output stays exact. A reader that stops reading (`| head -1`)
// ends the run quietly.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, errdex, explainOutput, tmpDir, write } from './cli.js';

const ESC = '\x1b';
/** Sets the terminal's title. */
const OSC = `${ESC}]0;pwned\x07`;
/** Resets the terminal. */
const RESET = `${ESC}c`;
/** Clears the screen, then red. */
const CSI = `${ESC}[2J${ESC}[31m`;
/** 8-bit CSI (U+009B) and OSC ... ST (U+009D ... U+009C), and DEL. */
const C1 = '\u009b31m\u009d0;t\u009c\x7f';

/** A character a terminal acts on (C0 but the newline, DEL, C1), or a bidi override. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const RAW = /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
const rawIn = (s: string) => (RAW.exec(s) ? JSON.stringify(s.slice(Math.max(0, RAW.exec(s)!.index - 40), RAW.exec(s)!.index + 40)) : null);
/** How the CLI shows the sequences above. */
const SHOWN = { OSC: '\\x1b]0;pwned\\x07', RESET: '\\x1bc', CSI: '\\x1b[2J\\x1b[31m', C1: '\\x9b31m\\x9d0;t\\x9c\\x7f' };

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  }).toString().trim();

const JS_FILE = `lib/ev${OSC}il${RESET}.js`;
const PY_FILE = `app/mod${CSI}${C1}.py`;
const BIN_FILE = `app/bin${OSC}${C1}.py`;
const PKG = `evil${OSC}pkg`;
const VERSION = `1.0.0${RESET}${C1}`;
const REPO = `own${OSC}er/re${CSI}po`;

function hostileTree(root: string): void {
  write(root, 'package.json', JSON.stringify({ name: PKG, version: VERSION, main: `lib/index.js` }));
  write(root, 'lib/index.js', `module.exports = require(${JSON.stringify('./' + path.basename(JS_FILE))});\n`);
  write(root, JS_FILE, [
    'function check(x) {',
    `  if (x === "${RESET}${CSI}") throw new RangeError("title ${OSC} reset ${RESET} c1 ${C1} value " + x + " end");`,
    '  return x;',
    '}',
    'module.exports = { check };',
    '',
  ].join('\n'));
  write(root, PY_FILE, [
    'def lookup(name):',
    `    if name == "${OSC}":`,
    `        raise KeyError(f"py key {name!r} is ${CSI} not ${C1} here")`,
    '    return name',
    '',
  ].join('\n'));
  write(root, BIN_FILE, Buffer.from([0x72, 0x61, 0x69, 0x73, 0x65, 0x00, 0x1b, 0x63, 0x00]));
}

/** Every raw control in stdout and stderr of a human-mode run: none. */
function expectClean(r: { stdout: string; stderr: string }): void {
  expect(rawIn(r.stdout), 'stdout').toBeNull();
  expect(rawIn(r.stderr), 'stderr').toBeNull();
}

describe('text from analyzed code and user input reaches the terminal escaped', () => {
  let root: string;
  let db: string;
  let human: { code: number; stdout: string; stderr: string };

  beforeAll(() => {
    root = tmpDir('term');
    db = path.join(tmpDir('term-db'), 'i.sqlite');
    hostileTree(root);
    git(root, 'init', '-q');
    git(root, 'add', '.');
    git(root, 'commit', '-qm', 'hostile');
    human = errdex(['analyze', root, '--db', db, '--repo', REPO]);
  });

  it('analyze: the summary, the package name and version and the warnings are escaped', () => {
    expect(human.code, human.stderr).toBe(0);
    expectClean(human);
    expect(human.stderr).toContain(`own${SHOWN.OSC}er/re${SHOWN.CSI}po`);
    expect(human.stderr).toContain(`(package evil${SHOWN.OSC}pkg 1.0.0${SHOWN.RESET}${SHOWN.C1})`);
    expect(human.stderr).toContain(`warning: app/bin${SHOWN.OSC}${SHOWN.C1}.py: binary`);
  });

  it('analyze --json keeps the exact strings, with no raw C1 or DEL in its text', () => {
    const r = errdex(['analyze', root, '--db', db, '--repo', REPO, '--verify', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(rawIn(r.stdout)).toBeNull();
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ repo: REPO, package: PKG, version: VERSION });
    expect(s.problems.map((p: { path: string }) => p.path)).toContain(BIN_FILE);
  });

  it('explain: template, file, guard, repo, version, permalink and captured value are escaped', () => {
    const r = errdex(['explain', `RangeError: title ${OSC} reset ${RESET} c1 ${C1} value ${RESET}${OSC} end`, '--db', db]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expectClean(r);
    expect(r.stdout).toContain(`RangeError: title ${SHOWN.OSC} reset ${SHOWN.RESET} c1 ${SHOWN.C1} value {x} end`);
    expect(r.stdout).toContain(`lib/ev${SHOWN.OSC}il${SHOWN.RESET}.js:2 in check`);
    expect(r.stdout).toContain(`${SHOWN.RESET}${SHOWN.CSI}`); // the guard's text
    expect(r.stdout).toContain(`own${SHOWN.OSC}er/re${SHOWN.CSI}po@1.0.0${SHOWN.RESET}${SHOWN.C1}`);
    expect(r.stdout).toContain(`captured: x = ${SHOWN.RESET}${SHOWN.OSC}`);
    expect(r.stdout).toContain('https://github.com/own\\x1b]0;pwned\\x07er/re\\x1b[2J\\x1b[31mpo/blob/');
  });

  it('explain: a trace of two links, with escapes in the messages the headers echo', () => {
    const trace = [
      'Traceback (most recent call last):',
      `  File "/srv/x/${PY_FILE}", line 3, in lookup`,
      `KeyError: "py key '${OSC}' is ${CSI} not ${C1} here"`,
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      'Traceback (most recent call last):',
      `  File "/srv/x/${PY_FILE}", line 3, in lookup`,
      `KeyError: "py key '${RESET}' is ${CSI} not ${C1} here"`,
      '',
    ].join('\n');
    const r = errdex(['explain', '--db', db], { input: trace });
    expectClean(r);
    expect(r.stdout).toContain(`app/mod${SHOWN.CSI}${SHOWN.C1}.py:3 in lookup`);
    expect(r.stdout).toContain(`== error 1`);
  });

  it('explain: escape-laden input with no confident match is echoed escaped', () => {
    const input = `Zorglub: ${OSC}${RESET}${CSI}${C1} \x00\x01\x02 nothing like this \x9b2J was ever raised`;
    const r = errdex(['explain', '--db', db], { input });
    expect(r.code).toBe(4);
    expectClean(r);
    expect(r.stdout).toContain(`no confident match: no indexed template shares words with "Zorglub: ${SHOWN.OSC}${SHOWN.RESET}`);
    expect(r.stdout).toContain(`${SHOWN.C1} \\x00\\x01\\x02 nothing`);
  });

  it('explain: binary input is shown escaped', () => {
    const input = Buffer.from([0x1b, 0x5d, 0x30, 0x3b, 0x78, 0x07, 0x1b, 0x63, 0xc2, 0x9b, 0x32, 0x4a, 0x00, 0xff, 0xfe, 0x0d, 0x7f, 0x20, 0x71, 0x71, 0x71]);
    const r = errdex(['explain', '--db', db], { input });
    expect(r.code).toBe(4);
    expectClean(r);
    expect(r.stdout).toContain('\\x1b]0;x\\x07\\x1bc\\x9b2J\\x00');
  });

  it('explain --json round-trips the exact strings and has no raw C1 or DEL in its text', () => {
    const r = errdex(['explain', `RangeError: title ${OSC} reset ${RESET} c1 ${C1} value ${RESET}${OSC} end`, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(rawIn(r.stdout)).toBeNull();
    const hit = explainOutput(r.stdout).hits[0];
    expect(hit.record).toMatchObject({ filePath: JS_FILE, repo: REPO, version: VERSION });
    expect(hit.record.errorMessage).toBe(`title ${OSC} reset ${RESET} c1 ${C1} value {x} end`);
    expect(hit.captures).toEqual({ x: `${RESET}${OSC}` });
  });

  it('stats: repo names and versions are escaped; --json keeps them', () => {
    const r = errdex(['stats', '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expectClean(r);
    expect(r.stdout).toContain(`  own${SHOWN.OSC}er/re${SHOWN.CSI}po@`);
    expect(r.stdout).toContain(` 1.0.0${SHOWN.RESET}${SHOWN.C1}: `);
    const j = errdex(['stats', '--db', db, '--json']);
    expect(rawIn(j.stdout)).toBeNull();
    expect(JSON.parse(j.stdout).treeList[0]).toMatchObject({ repo: REPO, version: VERSION });
  });

  it('show: the record JSON has no raw control and round-trips the exact strings', () => {
    const id = explainOutput(errdex(['explain', `RangeError: title ${OSC} reset ${RESET} c1 ${C1} value x end`, '--db', db, '--json']).stdout).hits[0].record.id;
    const r = errdex(['show', id, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    expect(rawIn(r.stdout)).toBeNull();
    expect(JSON.parse(r.stdout)).toMatchObject({ filePath: JS_FILE, repo: REPO, version: VERSION });
  });

  it('error messages that echo user input are escaped', () => {
    const badRepo = errdex(['analyze', root, '--db', db, '--repo', `a b${OSC}`]);
    expect(badRepo.code).toBe(2);
    expectClean(badRepo);
    expect(badRepo.stderr).toContain(`--repo must look like owner/name, got "a b${SHOWN.OSC}"`);
    const badOpt = errdex(['stats', `--x${RESET}`, '--db', db]);
    expect(badOpt.code).toBe(2);
    expectClean(badOpt);
    const badId = errdex(['show', `${CSI}${C1}`, '--db', db]);
    expect(badId.code).toBe(2);
    expectClean(badId);
    expect(badId.stderr).toContain(`got "${SHOWN.CSI}${SHOWN.C1}"`);
    const missing = errdex(['explain', '--file', `/nonexistent/${OSC}`, '--db', db]);
    expect(missing.code).toBe(2);
    expectClean(missing);
    expect(missing.stderr).toContain(`input file not found: /nonexistent/${SHOWN.OSC}`);
  });

  it('the CLI keeps its own line breaks and colors', () => {
    const r = errdex(['analyze', '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^errdex: analyze takes one PATH\n\nerrdex analyze PATH/);
    const colored = spawnSync('script', ['-qec', `${process.execPath} ${CLI} stats --db ${db}`, '/dev/null'], { env: { ...process.env, NO_COLOR: '' } });
    if (colored.status === 0) {
      const out = colored.stdout.toString();
      expect(out).toContain('\x1b[1mindex\x1b[0m');
      expect(out).not.toContain(OSC);
      expect(out).toContain(SHOWN.OSC);
    }
  });
});

/** Runs the CLI with its stdout read by a reader that stops after the first chunk. */
function closedAfterFirstChunk(args: string[], opts: { immediately?: boolean } = {}): Promise<{ code: number | null; first: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
    let first = '';
    let stderr = '';
    if (opts.immediately) child.stdout.destroy();
    else child.stdout.once('data', (c: Buffer) => {
      first = c.toString();
      child.stdout.destroy();
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, first, stderr }));
  });
}

describe('a reader that stops reading', () => {
  let db: string;
  let log: string;

  beforeAll(() => {
    const root = tmpDir('pipe');
    db = path.join(tmpDir('pipe-db'), 'i.sqlite');
    const lines: string[] = [];
    const messages: string[] = [];
    for (let i = 0; i < 60; i++) {
      const msg = `failure number ${i} of the long-running job ${'with many words '.repeat(30)}`;
      lines.push(`def f${i}(x):\n    raise RuntimeError(f"${msg}{x}")\n`);
      messages.push(`RuntimeError: ${msg}${i}`);
    }
    write(root, 'jobs.py', lines.join('\n'));
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
    log = write(tmpDir('pipe-log'), 'log.txt', messages.join('\nnoise line\n') + '\n');
  });

  it('explain | head -1 (and head -2): the first lines, exit 0, nothing on stderr', () => {
    for (const [n, first] of [[1, /^\n$/], [2, /^\n== error 1, input line 1: RuntimeError: failure number 0 /]] as const) {
      const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${CLI}" explain --db "${db}" --file "${log}" --limit 20 | head -${n}`], { env: { ...process.env, NO_COLOR: '1' } });
      expect(r.stderr.toString()).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout.toString()).toMatch(first);
    }
  });

  it('explain, its reader gone after the first chunk: exit 0, nothing on stderr', async () => {
    const r = await closedAfterFirstChunk(['explain', '--db', db, '--file', log, '--limit', '20']);
    expect(r.first).toContain('== error 1');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('stats, its reader gone before it writes: exit 0, nothing on stderr', async () => {
    const r = await closedAfterFirstChunk(['stats', '--db', db], { immediately: true });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('explain into a pipe left non-blocking that fills: all of it, as into any pipe (written through the stream after EAGAIN)', () => {
    // (a parent that is not Node can hand over a non-blocking pipe; its reader here waits until the pipe is full)
    const reader = `
import fcntl, os, subprocess, sys, time
r, w = os.pipe()
fcntl.fcntl(w, fcntl.F_SETFL, fcntl.fcntl(w, fcntl.F_GETFL) | os.O_NONBLOCK)
p = subprocess.Popen(sys.argv[1:], stdout=w)
os.close(w)
time.sleep(0.5)
out = b''
while True:
    b = os.read(r, 65536)
    if not b:
        break
    out += b
sys.stdout.buffer.write(out)
sys.exit(p.wait())`;
    const args = ['explain', '--db', db, '--file', log, '--limit', '20', '--json'];
    const r = spawnSync('/usr/bin/python3', ['-c', reader, process.execPath, CLI, ...args], { encoding: 'utf8', maxBuffer: 1 << 26, env: { ...process.env, NO_COLOR: '1' } });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const plain = errdex(args);
    expect(plain.stdout.length).toBeGreaterThan(1 << 16);
    const timeless = (s: string) => s.replace(/"ms": [\d.e-]+/g, '"ms": 0');
    expect(timeless(r.stdout)).toBe(timeless(plain.stdout));
  });

  it('stats | head -1: exit 0, nothing on stderr', () => {
    for (let i = 0; i < 3; i++) {
      const r = spawnSync('bash', ['-c', `set -o pipefail; "${process.execPath}" "${CLI}" stats --db "${db}" | head -1`], { env: { ...process.env, NO_COLOR: '1' } });
      expect(r.stderr.toString()).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout.toString()).toMatch(/^index /);
    }
  });
});

describe("analyze ''", () => {
  it('is a bad argument, not the working directory', () => {
    const cwd = tmpDir('empty-arg');
    write(cwd, 'x.py', 'def f():\n    raise ValueError("should not be indexed")\n');
    const db = path.join(tmpDir('empty-arg-db'), 'i.sqlite');
    const r = errdex(['analyze', '', '--db', db], { cwd });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^errdex: analyze takes one PATH, and it is empty/);
    expect(r.stdout).toBe('');
  });
});
