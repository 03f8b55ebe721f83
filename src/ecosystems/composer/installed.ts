// The packages installed in a project's `vendor/` by Composer, from
// `vendor/composer/installed.json` (Composer 2's `{"packages": […]}` or Composer 1's list): name,
// version and `install-path` (relative to `vendor/composer/`). An install path that leaves
// `vendor/` (`../../../etc`, a symlink out) is reported and not read; a package without one is
// looked for at `vendor/<name>/`.

import fs from 'node:fs';
import path from 'node:path';
import type { InstalledPackage } from '../../core/ecosystem.js';
import type { Problem } from '../../core/store.js';
import { CAPS, isInside, readGuardedText } from '../../scan/read.js';
import { MAX_PACKAGES, shown, validVersion } from '../installed.js';

/** Composer's `vendor/name` (lower case, one slash). */
export const validComposerName = (n: unknown): n is string =>
  typeof n === 'string' && n.length <= 214 && /^[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*$/i.test(n) && !n.includes('..');

interface Entry {
  name?: unknown;
  version?: unknown;
  'install-path'?: unknown;
}

/** The entries of an installed.json, or null when it is not one. */
export function installedEntries(vendor: string): Entry[] | null {
  const text = readGuardedText(path.join(vendor, 'composer', 'installed.json'), vendor, CAPS.manifest * 8);
  if (text === null) return null;
  try {
    const j = JSON.parse(text) as unknown;
    const list = Array.isArray(j) ? j : (j as { packages?: unknown })?.packages;
    return Array.isArray(list) ? (list.slice(0, MAX_PACKAGES) as Entry[]) : null;
  } catch {
    return null;
  }
}

/** A version as Composer writes it, without the `v` of tags (`v6.2.1` → `6.2.1`). */
export const cleanVersion = (v: unknown): string | null => (typeof v === 'string' && validVersion(v.replace(/^v(?=\d)/, '')) ? v.replace(/^v(?=\d)/, '') : null);

export function composerInstalled(project: string, problems: Problem[]): InstalledPackage[] {
  const vendor = vendorDir(project);
  if (!vendor) return [];
  const entries = installedEntries(vendor);
  if (!entries) {
    if (fs.existsSync(path.join(vendor, 'composer', 'installed.json'))) problems.push({ path: shown(project, path.join(vendor, 'composer', 'installed.json')), problem: 'not a readable installed.json; skipped' });
    return [];
  }
  const out: InstalledPackage[] = [];
  const seen = new Set<string>();
  for (const e of entries) {
    const version = cleanVersion(e.version);
    if (!validComposerName(e.name) || version === null) {
      problems.push({ path: shown(project, path.join(vendor, 'composer', 'installed.json')), problem: 'a package without a usable name and version (path separators or `..`); skipped' });
      continue;
    }
    const rel = typeof e['install-path'] === 'string' ? path.join(vendor, 'composer', e['install-path']) : path.join(vendor, e.name);
    let real: string;
    try {
      real = fs.realpathSync(rel);
    } catch {
      continue; // (a package the lock names but vendor/ lacks: nothing to read)
    }
    if (!isInside(real, vendor) || real === vendor) {
      problems.push({ path: shown(project, rel), problem: `installed.json puts ${e.name} outside vendor/; not read` });
      continue;
    }
    if (seen.has(real)) continue;
    seen.add(real);
    out.push({ name: e.name, version, root: real });
  }
  return out;
}

/** The project's vendor directory, by real path, when it is inside the project. */
export function vendorDir(project: string): string | null {
  try {
    const real = fs.realpathSync(path.join(project, 'vendor'));
    return fs.statSync(real).isDirectory() && isInside(real, project) ? real : null;
  } catch {
    return null;
  }
}

export function composerInstalledAt(file: string, project: string): InstalledPackage | null {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return null;
  }
  const vendor = vendorDir(project);
  if (!vendor || !isInside(real, vendor)) return null;
  let best: InstalledPackage | null = null;
  for (const p of composerInstalled(project, [])) if (isInside(real, p.root) && (!best || p.root.length > best.root.length)) best = p;
  return best;
}
