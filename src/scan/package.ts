// Is this tree an installed package? npm packages carry package.json; Python
// packages sit in site-packages/dist-packages next to their *.dist-info.

import fs from 'node:fs';
import path from 'node:path';
import { repoFromUrl } from './git.js';

export interface PackageInfo {
  name: string;
  version: string | null;
  /** `owner/name` from package metadata, when it names a repository. */
  repo: string | null;
  /** Prefix for file paths so they read as in the package's repository (Python: the package directory). */
  pathPrefix: string;
}

export function detectPackage(root: string): PackageInfo | null {
  const pj = path.join(root, 'package.json');
  if (fs.existsSync(pj)) {
    try {
      const p = JSON.parse(fs.readFileSync(pj, 'utf8')) as { name?: string; version?: string; repository?: string | { url?: string } };
      if (p.name) {
        const url = typeof p.repository === 'string' ? p.repository : p.repository?.url;
        return { name: p.name, version: p.version ?? null, repo: url ? repoFromUrl(url) : null, pathPrefix: '' };
      }
    } catch {
      /* not a usable package.json */
    }
  }
  const parent = path.dirname(root);
  if (/(site|dist)-packages$/.test(parent)) {
    const name = path.basename(root);
    return { name, version: pythonVersion(parent, name), repo: null, pathPrefix: `${name}/` };
  }
  return null;
}

function pythonVersion(sitePackages: string, name: string): string | null {
  const norm = name.toLowerCase().replace(/[-_.]+/g, '_');
  try {
    for (const e of fs.readdirSync(sitePackages)) {
      const m = /^(.+?)-([^-]+?)\.(dist-info|egg-info)$/.exec(e);
      if (m && m[1].toLowerCase().replace(/[-_.]+/g, '_') === norm) return m[2];
    }
    // Top-level module names often differ from distribution names (jwt ← PyJWT): read top_level.txt.
    for (const e of fs.readdirSync(sitePackages)) {
      const m = /^(.+?)-([^-]+?)\.(dist-info|egg-info)$/.exec(e);
      if (!m) continue;
      const tl = path.join(sitePackages, e, 'top_level.txt');
      if (fs.existsSync(tl) && fs.readFileSync(tl, 'utf8').split('\n').map((s) => s.trim()).includes(name)) return m[2];
    }
  } catch {
    /* no version */
  }
  return null;
}
