// Runs the built CLI as a user would: a real process, real files, real SQLite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';

export const CLI = path.resolve(import.meta.dirname, '../../dist/bundle/main.js');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI (`cli`: another build of it) with these arguments. */
export function errdex(args: string[], opts: { cwd?: string; input?: string | Buffer; env?: Record<string, string>; cli?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [opts.cli ?? CLI, ...args], {
    cwd: opts.cwd,
    input: opts.input,
    env: { ...process.env, NO_COLOR: '1', ...opts.env },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout.toString(), stderr: r.stderr.toString() };
}

export function tmpDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `errdex-${prefix}-`));
}

export function write(root: string, rel: string, text: string | Buffer): string {
  const p = path.join(root, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
  return p;
}

/**
 * `errdex explain --json` output, checked for its shape (every hit's `recordId`, and every wrapper
 * layer's, names an entry of `records`, and every entry is named) and returned with each hit's record put on it as `record`,
 * for the assertions' convenience.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function explainOutput(stdout: string): any {
  const out = JSON.parse(stdout);
  const named = new Set<string>();
  const resolve = (h: { recordId: string }) => {
    if (!(h.recordId in out.records)) throw new Error(`hit names record ${h.recordId}, which is not in records`);
    named.add(h.recordId);
    return { ...h, record: out.records[h.recordId] };
  };
  out.hits = out.hits.map(resolve);
  for (const l of out.links) l.hits = l.hits.map(resolve);
  // (a wrapper record a hit's `wrappedBy` names is among the records too, even when --limit cut its own hit)
  for (const h of [...out.hits, ...out.links.flatMap((l: { hits: { wrappedBy?: { kind: string; recordId: string }[] }[] }) => l.hits)]) {
    for (const w of h.wrappedBy ?? []) {
      if (w.kind !== 'record') continue;
      if (!(w.recordId in out.records)) throw new Error(`a layer names record ${w.recordId}, which is not in records`);
      named.add(w.recordId);
    }
  }
  const unnamed = Object.keys(out.records).filter((id) => !named.has(id));
  if (unnamed.length > 0) throw new Error(`records no hit names: ${unnamed.join(', ')}`);
  return out;
}

/**
 * `errdex explain - --json` of `input` on the index `db`, checked to end with 0 or 4 (a confident
 * match or none: either is an answer), as explainOutput returns it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function explainInput(db: string, input: string): any {
  const r = errdex(['explain', '-', '--db', db, '--json'], { input });
  expect(r.code === 0 || r.code === 4).toBe(true);
  return explainOutput(r.stdout);
}

/** The source line a hit's record names (its file, relative to `root`, and its line). */
export function recordLine(root: string, hit: { record: { filePath: string; lineNumber: number } }): string {
  return fs.readFileSync(path.join(root, hit.record.filePath), 'utf8').split('\n')[hit.record.lineNumber - 1];
}
