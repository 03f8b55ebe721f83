// Trees planted to hang, crash or leak: special files where errdex reads manifests and git
// refs, refs pointing out of the repository, symlinks out of the tree, a .git planted above
// the tree by another user. Each is analyzed by the real CLI with a time bound.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, tmpDir, write, explainOutput } from './cli.js';

const GOOD = 'def f(x):\n    raise ValueError(f"bad value {x}")\n';

/** `errdex analyze ROOT --json` with a time bound: a hang fails the test instead of blocking it. */
function analyze(root: string, ...extra: string[]) {
  const db = path.join(tmpDir('hostile-db'), 'i.sqlite');
  const r = spawnSync(process.execPath, [CLI, 'analyze', root, '--db', db, '--json', ...extra], { timeout: 30_000, env: { ...process.env, NO_COLOR: '1' } });
  expect(r.error, 'analyze did not finish in 30 s').toBeUndefined();
  expect(r.status, r.stderr.toString()).toBe(0);
  const show = (id: string) => spawnSync(process.execPath, [CLI, 'show', id, '--db', db]).stdout.toString();
  return { summary: JSON.parse(r.stdout.toString()), out: r.stdout.toString() + r.stderr.toString(), db, show };
}

const mkfifo = (p: string) => expect(spawnSync('mkfifo', [p]).status).toBe(0);

describe('special files where manifests and git refs are read', () => {
  it('a FIFO package.json neither hangs nor stops the analysis', () => {
    const root = tmpDir('fifo-pkg');
    write(root, 'm.py', GOOD);
    mkfifo(path.join(root, 'package.json'));
    expect(analyze(root).summary).toMatchObject({ records: 1 });
  });

  it('a package.json that is /dev/zero is not read', () => {
    const root = tmpDir('zero-pkg');
    write(root, 'm.py', GOOD);
    fs.symlinkSync('/dev/zero', path.join(root, 'package.json'));
    expect(analyze(root).summary).toMatchObject({ records: 1, package: null });
  });

  it('a FIFO .git/HEAD neither hangs nor gives a commit', () => {
    const root = tmpDir('fifo-head');
    write(root, 'm.py', GOOD);
    fs.mkdirSync(path.join(root, '.git'));
    write(root, '.git/config', '[remote "origin"]\n\turl = https://github.com/acme/widget.git\n');
    mkfifo(path.join(root, '.git/HEAD'));
    expect(analyze(root).summary).toMatchObject({ records: 1, repo: 'acme/widget', sha: null });
  });

  it('a .gitignore that is a device or over its cap is reported, and the tree analyzed', () => {
    const root = tmpDir('big-ignore');
    write(root, 'm.py', GOOD);
    write(root, '.gitignore', '#'.repeat(300 * 1024));
    const { summary } = analyze(root);
    expect(summary.records).toBe(1);
    expect(summary.problems).toContainEqual({ path: '.gitignore', problem: 'file is 307200 bytes, over the 262144-byte limit' });
  });
});

describe('reads outside the tree', () => {
  it('a HEAD ref out of the repository is not followed: nothing of the file it names is stored', () => {
    const root = tmpDir('ref-escape');
    write(root, 'm.py', GOOD);
    write(root, '.git/HEAD', 'ref: ../../../../../../../../etc/passwd\n');
    write(root, '.git/config', '[remote "origin"]\n\turl = https://github.com/acme/widget.git\n');
    const { summary, out, show } = analyze(root);
    expect(summary).toMatchObject({ repo: 'acme/widget', sha: null });
    expect(out).not.toContain('root:');
    const ids = explainOutput(spawnSync(process.execPath, [CLI, 'explain', 'bad value 3', '--db', analyze(root).db, '--json']).stdout.toString()).hits.map((h: { record: { id: string } }) => h.record.id);
    for (const id of ids) expect(show(id)).not.toContain('root:');
  });

  it('a ref that is no SHA gives no commit', () => {
    const root = tmpDir('ref-junk');
    write(root, 'm.py', GOOD);
    write(root, '.git/HEAD', 'ref: refs/heads/main\n');
    write(root, '.git/refs/heads/main', '\x1b]0;pwned\x07\n');
    expect(analyze(root).summary.sha).toBeNull();
  });

  it("a package entry point that is a symlink out of the tree is not read", () => {
    const outside = tmpDir('outside');
    write(outside, 'secret.js', "require('./lib.js'); throw new Error('outside the tree');\n");
    const root = tmpDir('main-escape');
    write(root, 'package.json', JSON.stringify({ name: 'escape', version: '1.0.0', main: 'index.js' }));
    write(root, 'lib.js', "throw new TypeError('inside');\n");
    fs.symlinkSync(path.join(outside, 'secret.js'), path.join(root, 'index.js'));
    const { summary, db } = analyze(root);
    expect(summary.records).toBe(1);
    expect(summary.problems).toContainEqual({ path: 'index.js', problem: 'symlink points outside the tree; not followed' });
    // (the entry file's own loads would be in the tree's entry points had it been read)
    const stats = JSON.parse(spawnSync(process.execPath, [CLI, 'stats', '--db', db, '--json']).stdout.toString());
    expect(stats.treeList[0].entryDirs).toEqual(['index.js']);
  });

  it('a .git planted above the tree by another user does not name it', () => {
    const top = tmpDir('planted');
    write(top, '.git/HEAD', 'ref: refs/heads/main\n');
    write(top, '.git/refs/heads/main', 'a'.repeat(40) + '\n');
    write(top, '.git/config', '[remote "origin"]\n\turl = https://github.com/evil/planted.git\n');
    const root = path.join(top, 'project');
    write(root, 'm.py', GOOD);
    // (the tests run as root in CI: the plant belongs to "nobody"; as another user, chown is refused)
    if (process.getuid?.() === 0) {
      for (const p of ['.git', '.git/HEAD', '.git/refs', '.git/refs/heads', '.git/refs/heads/main', '.git/config']) fs.chownSync(path.join(top, p), 65534, 65534);
      expect(analyze(root).summary).toMatchObject({ repo: 'project', sha: null });
    }
    // owned by the user, the repository above is used, unless the user names the repository
    for (const p of ['.git', '.git/HEAD', '.git/refs', '.git/refs/heads', '.git/refs/heads/main', '.git/config']) fs.chownSync(path.join(top, p), process.getuid!(), process.getgid!());
    expect(analyze(root).summary).toMatchObject({ repo: 'evil/planted', sha: 'a'.repeat(40) });
    expect(analyze(root, '--repo', 'me/project').summary).toMatchObject({ repo: 'me/project', sha: null });
  });
});
