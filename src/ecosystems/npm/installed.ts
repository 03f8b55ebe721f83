// The packages installed in a project's node_modules: hoisted, nested
// (`a/node_modules/b`), scoped, and pnpm's store
// (`node_modules/.pnpm/<name>@<version>/node_modules/<name>`). Each package is
// known by its real path once, so the symlinks pnpm and workspaces make are not
// walked twice and cannot loop; a link out of the project is reported, not read.
// A link to a directory of the project that is not installed code (a workspace
// package) is the project's own code, analyzed with it.

import fs from 'node:fs';
import path from 'node:path';
import type { InstalledPackage } from '../../core/ecosystem.js';
import type { Problem } from '../../core/store.js';
import { CAPS, isInside, readGuardedText } from '../../scan/read.js';
import { listDir, MAX_PACKAGES, shown, validName, validVersion } from '../installed.js';

/** node_modules inside node_modules at most this deep (npm's nesting rarely passes 4). */
const MAX_DEPTH = 16;

export function npmInstalled(project: string, problems: Problem[]): InstalledPackage[] {
  const out: InstalledPackage[] = [];
  const seen = new Set<string>();
  const modules = (dir: string, depth: number): void => {
    if (depth > MAX_DEPTH || out.length >= MAX_PACKAGES) return;
    for (const name of listDir(dir)) {
      if (name === '.pnpm') {
        for (const entry of listDir(path.join(dir, name))) if (entry !== 'node_modules') modules(path.join(dir, name, entry, 'node_modules'), depth + 1);
      } else if (name.startsWith('.')) {
        continue; // (.bin, .cache, .package-lock.json)
      } else if (name.startsWith('@')) {
        for (const child of listDir(path.join(dir, name))) pkg(path.join(dir, name, child), depth);
      } else pkg(path.join(dir, name), depth);
    }
  };
  const pkg = (dir: string, depth: number): void => {
    let real: string;
    try {
      real = fs.realpathSync.native(dir);
      if (!fs.statSync(real).isDirectory()) return;
    } catch {
      problems.push({ path: shown(project, dir), problem: 'broken symlink in node_modules; skipped' });
      return;
    }
    if (!isInside(real, project)) {
      problems.push({ path: shown(project, dir), problem: 'symlinked package points outside the project; not read' });
      return;
    }
    if (seen.has(real)) return;
    seen.add(real);
    // (a workspace package, linked into node_modules: the project's own code)
    if (!real.split(path.sep).includes('node_modules')) return;
    const read = manifestOf(real);
    if ('problem' in read) {
      problems.push({ path: shown(project, dir), problem: read.problem });
      return;
    }
    out.push(read);
    modules(path.join(real, 'node_modules'), depth + 1);
  };
  modules(path.join(project, 'node_modules'), 0);
  for (const ws of workspaceDirs(project)) modules(path.join(ws, 'node_modules'), 1);
  return out;
}

/** The package at `real` (a real path) by its package.json, or why it is not one. */
function manifestOf(real: string): InstalledPackage | { problem: string } {
  const text = readGuardedText(path.join(real, 'package.json'), real, CAPS.manifest);
  if (text === null) return { problem: 'no readable package.json (missing, not a file, or over 1 MiB); skipped' };
  let manifest: { name?: unknown; version?: unknown };
  try {
    manifest = JSON.parse(text) as typeof manifest;
  } catch {
    return { problem: 'package.json is not JSON; skipped' };
  }
  if (!validName(manifest.name) || !validVersion(manifest.version)) {
    return { problem: 'package.json has no usable name and version (path separators, `..`, or missing); skipped' };
  }
  return { name: manifest.name, version: manifest.version, root: real };
}

/** The package of the project a file under its node_modules is in (`…/node_modules/@s/x/lib/a.js` → `@s/x`). */
export function npmInstalledAt(file: string, project: string): InstalledPackage | null {
  const p = file.split(path.sep).join('/');
  const at = p.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const rest = p.slice(at + '/node_modules/'.length).split('/');
  const name = rest[0].startsWith('@') ? rest.slice(0, 2).join('/') : rest[0];
  if (!name || rest.length < (rest[0].startsWith('@') ? 3 : 2)) return null;
  let real: string;
  try {
    real = fs.realpathSync.native(p.slice(0, at + '/node_modules/'.length) + name);
  } catch {
    return null;
  }
  if (!isInside(real, project) || !real.split(path.sep).includes('node_modules')) return null;
  const read = manifestOf(real);
  return 'problem' in read ? null : read;
}

/**
 * The project's workspace directories (`"workspaces": ["packages/*"]` in package.json, npm's and
 * yarn's form): their own node_modules hold what was not hoisted. Patterns are a directory or a
 * directory with a trailing `/*`; nothing outside the project.
 */
function workspaceDirs(project: string): string[] {
  const text = readGuardedText(path.join(project, 'package.json'), project, CAPS.manifest);
  if (text === null) return [];
  let ws: unknown;
  try {
    ws = (JSON.parse(text) as { workspaces?: unknown }).workspaces;
  } catch {
    return [];
  }
  const patterns = Array.isArray(ws) ? ws : Array.isArray((ws as { packages?: unknown })?.packages) ? (ws as { packages: unknown[] }).packages : [];
  const out: string[] = [];
  for (const p of patterns.slice(0, 100)) {
    if (typeof p !== 'string') continue;
    const base = path.resolve(project, p.replace(/\/\*$/, ''));
    if (!isInside(base, project)) continue;
    if (p.endsWith('/*')) for (const d of listDir(base)) out.push(path.join(base, d));
    else out.push(base);
  }
  return out;
}
