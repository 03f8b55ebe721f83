// What a tree of PHP code is, as a package: inside a Composer `vendor/` (name and version from
// installed.json), under Debian's `/usr/share/php/` (named by its path there, as Debian installs
// PSR-4 trees: `Symfony/Component/Finder`), or a Composer project of its own (composer.json's
// name). Imported on first use (composer.manifest()), by analyze only.

import fs from 'node:fs';
import path from 'node:path';
import type { ManifestReader, PackageInfo } from '../../core/ecosystem.js';
import { repoFromUrl } from '../../scan/git.js';
import { CAPS, readGuardedText } from '../../scan/read.js';
import { cleanVersion, composerInstalled, composerInstalledAt, installedEntries, validComposerName, vendorDir } from './installed.js';

/** Debian's directory of PHP libraries (and `/usr/share/pear`'s layout alike). */
const SYSTEM_DIRS = ['/usr/share/php', '/usr/share/pear'];

function detect(root: string): PackageInfo | null {
  let isDir: boolean;
  try {
    isDir = fs.statSync(root).isDirectory();
  } catch {
    return null;
  }
  const dirOf = isDir ? root : path.dirname(root);
  // (below vendor/: the package's directory is vendor/<vendor>/<name>)
  for (let dir = dirOf, depth = 0; dir !== path.dirname(dir) && depth < 32; dir = path.dirname(dir), depth++) {
    if (path.basename(dir) !== 'vendor') continue;
    const rel = path.relative(dir, dirOf).split(path.sep);
    if (rel.length < 2 || rel[0] === '' || rel[0] === 'composer') break;
    const name = `${rel[0]}/${rel[1]}`;
    // (a vendor/ of Composer's has its installed.json, or the package its composer.json: Bundler's vendor/bundle is not one)
    const pkgDir = path.join(dir, rel[0], rel[1]);
    if (!fs.existsSync(path.join(dir, 'composer', 'installed.json')) && !fs.existsSync(path.join(pkgDir, 'composer.json'))) break;
    const entry = (installedEntries(dir) ?? []).find((e) => e.name === name);
    return { name, version: entry ? cleanVersion(entry.version) : null, repo: null, pathPrefix: prefixOf(path.relative(dir, root), isDir), entryDirs: [] };
  }
  for (const sys of SYSTEM_DIRS) {
    if (!dirOf.startsWith(sys + '/')) continue;
    const rel = path.relative(sys, root);
    return { name: path.relative(sys, dirOf) || path.basename(root), version: null, repo: null, pathPrefix: prefixOf(rel, isDir), entryDirs: [] };
  }
  const text = isDir ? readGuardedText(path.join(root, 'composer.json'), root, CAPS.manifest) : null;
  if (text === null) return null;
  try {
    const c = JSON.parse(text) as { name?: unknown; version?: unknown; support?: { source?: unknown } };
    if (!validComposerName(c.name)) return null;
    const src = typeof c.support?.source === 'string' ? c.support.source : null;
    return { name: c.name, version: cleanVersion(c.version), repo: src ? repoFromUrl(src) : null, pathPrefix: '', entryDirs: [] };
  } catch {
    return null;
  }
}

/** Record paths start at the install directory: a directory's own path there, a file's directory. */
const prefixOf = (rel: string, isDir: boolean): string => {
  const p = (isDir ? rel : path.dirname(rel)).split(path.sep).join('/');
  return p === '.' || p === '' ? '' : `${p}/`;
};

export const manifest: ManifestReader = {
  detect,
  installed: composerInstalled,
  installedAt: composerInstalledAt,
  installRoots: (project) => {
    const v = vendorDir(project);
    return v ? [v] : [];
  },
};
