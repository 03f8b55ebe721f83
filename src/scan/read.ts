// The one guarded reader: every file errdex opens in an analyzed tree (sources,
// .gitignore files, package manifests, git refs and config) is read here.
// Analyzed trees are hostile: a FIFO would block a plain read forever, a device
// (`/dev/zero`) would fill memory, a symlink could lead out of the tree. So a
// file is read only when, after resolving symlinks, it is inside the directory
// it belongs to, it is a regular file, and it is within the size cap of its
// kind; otherwise the caller gets a problem naming why, and carries on.

import fs from 'node:fs';
import path from 'node:path';

/** Size caps by kind of file (sources take the analysis's --max-file-size). */
/** Source files larger than this are not read unless asked (`--max-file-size`): a generated bundle, a data file. */
export const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;

export const CAPS = {
  manifest: 1024 * 1024,
  gitignore: 256 * 1024,
  gitRef: 4096,
  gitConfig: 256 * 1024,
  packedRefs: 8 * 1024 * 1024,
  metadata: 64 * 1024,
  /** A source read outside the walk (a package's entry file the walk skipped). */
  source: 5 * 1024 * 1024,
} as const;

export type Read = { data: Buffer } | { problem: string };

/** `dir` and every path below it, by real path. */
export function isInside(real: string, dirReal: string): boolean {
  return real === dirReal || real.startsWith(dirReal.endsWith(path.sep) ? dirReal : dirReal + path.sep);
}

/**
 * Read `file` when it is a regular file inside `within` (both compared by real path) of at most
 * `maxBytes` bytes. The file is opened without blocking (a FIFO opens at once and is refused by
 * its type) and checked on the open descriptor, so what is read is what was checked.
 */
export function readGuarded(file: string, within: string, maxBytes: number): Read {
  let real: string;
  let dirReal: string;
  try {
    // (libc's realpath: Node's own walks the path in JavaScript, an lstat per component, and cost
    // a tenth of a cold analysis's main thread)
    dirReal = fs.realpathSync.native(within);
    real = fs.realpathSync.native(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? 'not found' : code === 'ELOOP' ? 'symlink loop' : `cannot resolve: ${code ?? e}` };
  }
  if (!isInside(real, dirReal)) return { problem: 'points outside the tree; not read' };
  let fd: number;
  try {
    fd = fs.openSync(real, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (e) {
    return { problem: `cannot read: ${(e as NodeJS.ErrnoException).code ?? e}` };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { problem: `not a regular file (${kindOf(st)}); not read` };
    if (st.size > maxBytes) return { problem: `file is ${st.size} bytes, over the ${maxBytes}-byte limit` };
    // (read one byte past the cap: a file that grew since fstat is refused, not cut)
    const buf = Buffer.allocUnsafe(Math.min(st.size, maxBytes) + 1);
    let n = 0;
    for (;;) {
      const k = fs.readSync(fd, buf, n, buf.length - n, null);
      if (k === 0) break;
      n += k;
      if (n === buf.length) break;
    }
    if (n > maxBytes) return { problem: `file grew over the ${maxBytes}-byte limit while read` };
    return { data: buf.subarray(0, n) };
  } catch (e) {
    return { problem: `cannot read: ${(e as NodeJS.ErrnoException).code ?? e}` };
  } finally {
    fs.closeSync(fd);
  }
}

/** The text of a guarded read (UTF-8), or null when it was refused. */
export function readGuardedText(file: string, within: string, maxBytes: number): string | null {
  const r = readGuarded(file, within, maxBytes);
  return 'data' in r ? r.data.toString('utf8') : null;
}

function kindOf(st: fs.Stats): string {
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  if (st.isDirectory()) return 'a directory';
  return 'not a file';
}
