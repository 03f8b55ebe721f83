// Errors made by running Debian's Python libraries (/usr/bin/python3) on bad input, and their
// messages explained against an index of the library: what the Python e2e tests of real libraries share.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { errdex, explainInput, tmpDir } from './cli.js';

export const PY = '/usr/bin/python3';
export const DIST = '/usr/lib/python3/dist-packages';

/** Whether Debian's python3 and every library (a folder of dist-packages) are installed. */
export const haveLibs = (...libs: string[]): boolean => existsSync(PY) && libs.every((l) => existsSync(path.join(DIST, l)));

/** The traceback and the message of the error `code` raises, run by Debian's python3. */
export function raised(code: string): { trace: string; message: string } {
  const script = `import sys, traceback\ntry:\n${code.split('\n').map((l) => `    ${l}`).join('\n')}\nexcept Exception as e:\n    sys.stdout.write(str(e))\n    sys.stderr.write(traceback.format_exc())\n`;
  const r = spawnSync(PY, ['-c', script], { encoding: 'utf8' });
  const at = r.stderr.indexOf('Traceback (most recent call last):');
  expect(at, r.stderr).toBeGreaterThanOrEqual(0);
  return { trace: r.stderr.slice(at), message: r.stdout };
}

const dbs = new Map<string, string>();
/** One index per library, made on first use. */
export function libraryIndex(lib: string): string {
  let db = dbs.get(lib);
  if (!db) {
    db = path.join(tmpDir('debian-python'), 'db.sqlite');
    const r = errdex(['analyze', path.join(DIST, lib), '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    dbs.set(lib, db);
  }
  return db;
}

/** The first answer for `input`: its record's file, line and template, and the lines it answers with. */
export function firstAnswer(lib: string, input: string): { file: string; line: number; template: string; lines: number[] } {
  const h = explainInput(libraryIndex(lib), input).links[0].hits[0];
  return { file: h.record.filePath, line: h.record.lineNumber, template: h.record.errorMessage, lines: h.lines as number[] };
}
