// A walk's watch: equal prints mean the walk would list the same files with the same stats.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { walkTree } from '../../src/scan/walk.js';
import { watchPrint } from '../../src/scan/watch.js';

function tree(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-watch-')));
  fs.mkdirSync(path.join(dir, 'lib'));
  fs.writeFileSync(path.join(dir, 'index.js'), `throw new Error('top');\n`);
  fs.writeFileSync(path.join(dir, 'lib/a.js'), `throw new Error('a');\n`);
  fs.writeFileSync(path.join(dir, 'README.md'), 'not walked for its stat\n');
  return dir;
}

const walk = (dir: string) => walkTree(dir, { includeTests: false, maxFileSize: 1 << 20 });

describe('watchPrint', () => {
  it('holds the directories read and the files stated, and is the same while nothing moves', () => {
    const dir = tree();
    const w = walk(dir).watch!;
    expect(w).toEqual({ dirs: ['', 'lib'], files: ['index.js', 'lib/a.js'] });
    expect(watchPrint(dir, w, 's')).toEqual(watchPrint(dir, w, 's'));
    expect(watchPrint(dir, w, 's')!.print).not.toBe(watchPrint(dir, w, 'other salt')!.print);
  });

  it('moves when a file is added to a directory, written in place or replaced, and is null when one is gone', () => {
    const dir = tree();
    const w = walk(dir).watch!;
    let last = watchPrint(dir, w, 's')!.print;
    const moved = () => {
      const now = watchPrint(dir, w, 's')?.print ?? null;
      const changed = now !== last;
      last = now!;
      return changed;
    };
    fs.writeFileSync(path.join(dir, 'lib/b.js'), 'new\n');
    expect(moved()).toBe(true);
    // (same size, same inode: the change time moves)
    const fd = fs.openSync(path.join(dir, 'lib/a.js'), 'r+');
    fs.writeSync(fd, 'T', 0);
    fs.closeSync(fd);
    expect(moved()).toBe(true);
    fs.writeFileSync(path.join(dir, 'tmp'), `throw new Error('top!');\n`);
    fs.renameSync(path.join(dir, 'tmp'), path.join(dir, 'index.js'));
    expect(moved()).toBe(true);
    expect(moved()).toBe(false);
    fs.rmSync(path.join(dir, 'lib/a.js'));
    expect(watchPrint(dir, w, 's')).toBeNull();
  });

  it('is not kept for a walk that could not read everything it listed', () => {
    const dir = tree();
    fs.symlinkSync(path.join(dir, 'missing.js'), path.join(dir, 'broken.js'));
    expect(walk(dir).watch).toBeUndefined();
  });
});
