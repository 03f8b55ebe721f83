// Runs the built CLI as a user would: a real process, real files, real SQLite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CLI = path.resolve(import.meta.dirname, '../../dist/cli/main.js');

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
