// A site-packages tree's metadata: the package a path inside site-packages is, and its version
// from the distribution's *.dist-info / *.egg-info directory. Imported on first use
// (pypi.manifest()), by analyze only.

import fs from 'node:fs';
import path from 'node:path';
import type { ManifestReader, PackageInfo } from '../../core/ecosystem.js';
import { DIST_DIR, environments, pypiInstalled, pypiInstalledAt } from './installed.js';
import { CAPS, readGuardedText } from '../../scan/read.js';
import { repoFromUrl } from '../../scan/git.js';
import { packageRevision, vTag } from '../revision.js';

/** Inside site-packages (at any depth: `lazr/uri`): paths start at site-packages. */
function detect(root: string): PackageInfo | null {
  for (let dir = path.dirname(root), rel = path.basename(root); dir !== path.dirname(dir); rel = `${path.basename(dir)}/${rel}`, dir = path.dirname(dir)) {
    if (!/(site|dist)-packages$/.test(dir)) continue;
    const top = rel.split('/')[0];
    const isFile = fs.statSync(root).isFile();
    const name = isFile && !rel.includes('/') ? top.replace(/\.py$/, '') : top;
    const prefix = isFile ? rel.split('/').slice(0, -1).join('/') : rel;
    const dist = distribution(dir, name);
    const repo = dist ? sourceRepo(dir, dist.dir) : null;
    const version = dist?.version ?? null;
    const revision = dist && repo ? packageRevision(repo, vcsCommit(dir, dist.dir), vTag(version)) : null;
    return { name, version, repo, revision, pathPrefix: prefix ? `${prefix}/` : '', entryDirs: [] };
  }
  return null;
}

/** The distribution's metadata directory (`PyJWT-2.6.0.dist-info`) and the version in its name. */
function distribution(sitePackages: string, name: string): { dir: string; version: string } | null {
  const norm = name.toLowerCase().replace(/[-_.]+/g, '_');
  try {
    const dists = fs.readdirSync(sitePackages).flatMap((e) => {
      const m = DIST_DIR.exec(e);
      return m ? [{ dir: e, dist: m[1], version: m[2] }] : [];
    });
    const named = dists.find((d) => d.dist.toLowerCase().replace(/[-_.]+/g, '_') === norm);
    if (named) return named;
    // Top-level module names often differ from distribution names (jwt ← PyJWT): read top_level.txt.
    for (const d of dists) {
      const tl = readGuardedText(path.join(sitePackages, d.dir, 'top_level.txt'), sitePackages, CAPS.metadata);
      if (tl !== null && tl.split('\n').map((s) => s.trim()).includes(name)) return d;
    }
  } catch {
    /* no version */
  }
  return null;
}

/**
 * The repository the distribution's metadata names: a `Project-URL` labelled as its source, else
 * any `Project-URL` or the `Home-page` on a code host (METADATA of a wheel, PKG-INFO of an egg).
 */
function sourceRepo(sitePackages: string, dist: string): string | null {
  const text = readMetadata(sitePackages, dist, ['METADATA', 'PKG-INFO']);
  if (text === null) return null;
  // (the headers end at the first empty line; the long description follows)
  const head = text.split(/\r?\n\r?\n/, 1)[0];
  const urls = [...head.matchAll(/^Project-URL:\s*([^,\n]*),\s*(\S+)\s*$/gim)].map((m) => ({ label: m[1].trim().toLowerCase(), url: m[2] }));
  const home = /^Home-page:\s*(\S+)\s*$/im.exec(head)?.[1];
  const candidates = [
    ...urls.filter((u) => /^(source|source code|repository|code|github|git)$/.test(u.label)).map((u) => u.url),
    ...urls.map((u) => u.url),
    ...(home ? [home] : []),
  ];
  for (const url of candidates) {
    if (!/^https?:\/\/(www\.)?(github\.com|gitlab\.com|bitbucket\.org)\//i.test(url)) continue;
    const repo = repoFromUrl(url.replace(/[?#].*$/, '').replace(/\/(tree|blob|-)\/.*$/, ''));
    if (repo) return repo;
  }
  return null;
}

/** The commit a VCS install was made from (PEP 610 `direct_url.json`: `vcs_info.commit_id`). */
function vcsCommit(sitePackages: string, dist: string): unknown {
  const text = readMetadata(sitePackages, dist, ['direct_url.json']);
  if (text === null) return null;
  try {
    return (JSON.parse(text) as { vcs_info?: { commit_id?: unknown } }).vcs_info?.commit_id ?? null;
  } catch {
    return null;
  }
}

// (a METADATA file holds the long description too: read under the manifest cap)
function readMetadata(sitePackages: string, dist: string, names: string[]): string | null {
  for (const n of names) {
    const text = readGuardedText(path.join(sitePackages, dist, n), sitePackages, CAPS.manifest);
    if (text !== null) return text;
  }
  return null;
}

export const manifest: ManifestReader = { detect, installed: pypiInstalled, installedAt: pypiInstalledAt, installRoots: environments };
