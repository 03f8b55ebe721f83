// Zip archives read in place (a JDK's src.zip, a `-sources.jar`), never extracted to disk. An
// archive is hostile like any analyzed file: its central directory is read within caps on its
// size and entry count, an entry's declared sizes are checked before it is inflated and the
// inflation is cut at the cap whatever the sizes claim (a zip bomb), names that would climb out
// of the tree (`..`, absolute, backslashes) are not listed, and the total inflated per archive is
// capped too. Only stored and deflated entries are read (what jar and zip tools write).

import fs from 'node:fs';
import zlib from 'node:zlib';

export const ZIP_CAPS = {
  /** Entries listed per archive at most. */
  entries: 200_000,
  /** The central directory's size at most. */
  directory: 64 * 1024 * 1024,
  /** Bytes inflated per archive at most (all entries read together). */
  total: 1024 * 1024 * 1024,
} as const;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  crc: number;
  /** Offset of the entry's local header. */
  offset: number;
}

export type ZipListing = { entries: ZipEntry[]; problems: { path: string; problem: string }[] } | { problem: string };

/** Archives by name: a tree of one of these is read as the files it holds. */
export const isArchiveName = (name: string): boolean => /\.(?:zip|jar)$/i.test(name);

/**
 * A path that is an archive, or a directory inside one (`…/lib/src.zip/java.desktop`, a tree of its
 * own as a subdirectory is): the archive on disk and the directory inside it ('' for the whole).
 */
export function archivePath(p: string): { archive: string; under: string } | null {
  const parts = p.split('/');
  for (let k = parts.length; k > 1; k--) {
    const head = parts.slice(0, k).join('/');
    if (!isArchiveName(head)) continue;
    try {
      if (!fs.statSync(head).isFile()) return null;
    } catch {
      return null;
    }
    return { archive: head, under: parts.slice(k).join('/') };
  }
  return null;
}

function readAt(fd: number, offset: number, length: number): Buffer {
  const buf = Buffer.alloc(length);
  let n = 0;
  while (n < length) {
    const k = fs.readSync(fd, buf, n, length - n, offset + n);
    if (k === 0) break;
    n += k;
  }
  return n === length ? buf : buf.subarray(0, n);
}

/** A name that stays inside the tree: relative, `/`-separated, no `.`/`..` segments, no NUL. */
const safeName = (name: string): boolean =>
  name.length > 0 && name.length <= 1024 && !name.startsWith('/') && !name.includes('\\') && !name.includes('\0') && !/^[A-Za-z]:/.test(name) &&
  name.split('/').every((s) => s !== '..' && s !== '.');

/** The archive's entries (files only), from its central directory. */
export function listZip(file: string, caps = ZIP_CAPS): ZipListing {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  } catch (e) {
    return { problem: `cannot read: ${(e as NodeJS.ErrnoException).code ?? e}` };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) return { problem: 'not a regular file; not read' };
    // The end record is in the last 22 bytes plus a comment of at most 64 KiB.
    const tailLen = Math.min(st.size, 22 + 0xffff);
    const tail = readAt(fd, st.size - tailLen, tailLen);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return { problem: 'not a zip archive (no end of central directory)' };
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) return { problem: 'zip64 archive; not read' };
    if (count > caps.entries) return { problem: `archive lists ${count} entries, over the ${caps.entries}-entry limit` };
    if (dirSize > caps.directory) return { problem: `central directory is ${dirSize} bytes, over the ${caps.directory}-byte limit` };
    if (dirOffset + dirSize > st.size) return { problem: 'central directory lies outside the archive' };
    const dir = readAt(fd, dirOffset, dirSize);
    const entries: ZipEntry[] = [];
    const problems: { path: string; problem: string }[] = [];
    let p = 0;
    for (let k = 0; k < count; k++) {
      if (p + 46 > dir.length || dir.readUInt32LE(p) !== 0x02014b50) return { problem: `central directory entry ${k} is damaged` };
      const method = dir.readUInt16LE(p + 10);
      const crc = dir.readUInt32LE(p + 16);
      const compressedSize = dir.readUInt32LE(p + 20);
      const size = dir.readUInt32LE(p + 24);
      const nameLen = dir.readUInt16LE(p + 28);
      const extraLen = dir.readUInt16LE(p + 30);
      const commentLen = dir.readUInt16LE(p + 32);
      const offset = dir.readUInt32LE(p + 42);
      if (p + 46 + nameLen > dir.length) return { problem: `central directory entry ${k} is damaged` };
      const name = dir.toString('utf8', p + 46, p + 46 + nameLen);
      p += 46 + nameLen + extraLen + commentLen;
      if (name.endsWith('/')) continue;
      if (!safeName(name)) {
        problems.push({ path: name.slice(0, 200), problem: 'archive entry name leaves the tree; not read' });
        continue;
      }
      entries.push({ name, method, compressedSize, size, crc, offset });
    }
    return { entries, problems };
  } catch (e) {
    return { problem: `cannot read: ${(e as NodeJS.ErrnoException).code ?? e}` };
  } finally {
    fs.closeSync(fd);
  }
}

/** zlib's CRC-32 (Node 20.15+), or none to compare with: the entry's own. */
const crc32 = (data: Buffer): number | undefined => (zlib as { crc32?: (d: Buffer) => number }).crc32?.(data);

/** Reads entries of one archive, keeping count of what was inflated (ZIP_CAPS.total). */
export class ZipReader {
  private inflated = 0;

  constructor(private readonly file: string, private readonly caps = ZIP_CAPS) {}

  /** The entry's bytes, when within `maxBytes` (as declared and as inflated); else why not. */
  read(e: ZipEntry, maxBytes: number): { data: Buffer } | { problem: string } {
    if (e.size > maxBytes) return { problem: `file is ${e.size} bytes, over the ${maxBytes}-byte limit` };
    if (this.inflated + e.size > this.caps.total) return { problem: `archive inflates to over ${this.caps.total} bytes; not read` };
    if (e.method !== 0 && e.method !== 8) return { problem: `compression method ${e.method} not read` };
    let fd: number;
    try {
      fd = fs.openSync(this.file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    } catch (err) {
      return { problem: `cannot read: ${(err as NodeJS.ErrnoException).code ?? err}` };
    }
    try {
      const head = readAt(fd, e.offset, 30);
      if (head.length < 30 || head.readUInt32LE(0) !== 0x04034b50) return { problem: 'archive entry is damaged (no local header)' };
      const start = e.offset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
      const raw = readAt(fd, start, e.compressedSize);
      if (raw.length < e.compressedSize) return { problem: 'archive entry is truncated' };
      let data: Buffer;
      if (e.method === 0) data = raw;
      else {
        try {
          // (cut one byte past the declared size, itself within the caps: an entry whose declared size lies is refused, not cut)
          data = zlib.inflateRawSync(raw, { maxOutputLength: e.size + 1 });
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code;
          return { problem: code === 'ERR_BUFFER_TOO_LARGE' ? `entry inflates past the ${e.size} bytes it declares; not read` : 'archive entry does not inflate' };
        }
      }
      if (data.length !== e.size) return { problem: `entry inflates to ${data.length} bytes, not the ${e.size} it declares; not read` };
      const crc = crc32(data);
      if (crc !== undefined && crc >>> 0 !== e.crc) return { problem: 'entry fails its CRC check; not read' };
      this.inflated += data.length;
      return { data };
    } catch (err) {
      return { problem: `cannot read: ${(err as NodeJS.ErrnoException).code ?? err}` };
    } finally {
      fs.closeSync(fd);
    }
  }
}
