// A site-packages tree's metadata: the package a path inside site-packages is, and its version
// from the distribution's *.dist-info / *.egg-info directory. Imported on first use
// (pypi.manifest()), by analyze only.

import fs from 'node:fs';
import path from 'node:path';
import type { ManifestReader, PackageInfo } from '../../core/ecosystem.js';
import { DIST_DIR, environments, pypiInstalled, pypiInstalledAt } from './installed.js';
import { CAPS, readGuardedText } from '../../scan/read.js';

/** Inside site-packages (at any depth: `lazr/uri`): paths start at site-packages. */
function detect(root: string): PackageInfo | null {
  for (let dir = path.dirname(root), rel = path.basename(root); dir !== path.dirname(dir); rel = `${path.basename(dir)}/${rel}`, dir = path.dirname(dir)) {
    if (!/(site|dist)-packages$/.test(dir)) continue;
    const top = rel.split('/')[0];
    const isFile = fs.statSync(root).isFile();
    const name = isFile && !rel.includes('/') ? top.replace(/\.py$/, '') : top;
    const prefix = isFile ? rel.split('/').slice(0, -1).join('/') : rel;
    return { name, version: distVersion(dir, name), repo: null, pathPrefix: prefix ? `${prefix}/` : '', entryDirs: [] };
  }
  return null;
}

/** The version in the name of the distribution's metadata directory (`PyJWT-2.6.0.dist-info`). */
function distVersion(sitePackages: string, name: string): string | null {
  const norm = name.toLowerCase().replace(/[-_.]+/g, '_');
  try {
    const dists = fs.readdirSync(sitePackages).flatMap((e) => {
      const m = DIST_DIR.exec(e);
      return m ? [{ dir: e, dist: m[1], version: m[2] }] : [];
    });
    const named = dists.find((d) => d.dist.toLowerCase().replace(/[-_.]+/g, '_') === norm);
    if (named) return named.version;
    // Top-level module names often differ from distribution names (jwt ← PyJWT): read top_level.txt.
    for (const d of dists) {
      const tl = readGuardedText(path.join(sitePackages, d.dir, 'top_level.txt'), sitePackages, CAPS.metadata);
      if (tl !== null && tl.split('\n').map((s) => s.trim()).includes(name)) return d.version;
    }
  } catch {
    /* no version */
  }
  return null;
}

export const manifest: ManifestReader = { detect, installed: pypiInstalled, installedAt: pypiInstalledAt, installRoots: environments };
