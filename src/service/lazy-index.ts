// Lazy indexing from a trace: before explain matches, the input's frames that
// run in a package installed for the project around the working directory, and
// not indexed yet, get that package indexed (as `errdex index` would). Nothing
// is indexed for a frame outside the project.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InstalledPackage } from '../core/ecosystem.js';
import type { Store } from '../core/store.js';
import { ECOSYSTEMS, isInstalledPath } from '../ecosystems/registry.js';
import { parseInput } from '../query/parse.js';
import { findProject } from './project.js';

export type FramePackage = InstalledPackage & { ecosystem: string };

/** Distinct frame files read per input at most (a log can name thousands). */
const MAX_FILES = 500;

/** The installed packages of the project around `cwd` that the input's frames run in (none outside a project). */
export async function framePackages(text: string, cwd: string): Promise<{ project: string; packages: FramePackage[] } | null> {
  let project: string;
  try {
    project = findProject(cwd);
  } catch {
    return null;
  }
  // (explain parses the input again: a text naming no install directory is not parsed here)
  if (!ECOSYSTEMS.some((e) => e.installDirs.some((d) => text.includes(d)))) return { project, packages: [] };
  const files = new Set<string>();
  for (const l of parseInput(text).links) {
    for (const f of l.frames) {
      if (files.size >= MAX_FILES) break;
      const file = f.file.startsWith('file://') ? safeFileUrl(f.file) : f.file;
      if (file && path.isAbsolute(file) && isInstalledPath(file)) files.add(file);
    }
  }
  const out = new Map<string, FramePackage>();
  if (files.size === 0) return { project, packages: [] };
  for (const e of ECOSYSTEMS) {
    // (a manifest reader loads only for an ecosystem whose install layout some frame's path is in:
    // each is a dozen modules to load, and a Node trace needs npm's alone)
    const mine = [...files].filter((f) => e.packageInPath(f));
    if (mine.length === 0) continue;
    const manifest = await e.manifest();
    for (const file of mine) {
      const p = manifest.installedAt(file, project);
      if (p && !out.has(p.root)) out.set(p.root, { ...p, ecosystem: e.id });
    }
  }
  return { project, packages: [...out.values()] };
}

function safeFileUrl(u: string): string | null {
  try {
    return fileURLToPath(u);
  } catch {
    return null;
  }
}

/** Of `packages`, those no version tree of the store holds, nor a tree analyzed at the same directory (all of them without a store). */
export async function notIndexed(store: Store | null, packages: FramePackage[]): Promise<FramePackage[]> {
  if (!store) return packages;
  const out: FramePackage[] = [];
  for (const p of packages) if (!(await store.hasPackage(p.ecosystem, p.name, p.version, p.root))) out.push(p);
  return out;
}

/**
 * Index the packages into the store (a write store), each as its own tree, and add them to the
 * project's view; failures are returned as errors in place.
 */
export async function indexPackages(store: Store, project: string, packages: FramePackage[]) {
  // (the analyzer and index's checks are loaded only when there is something to index)
  const [{ analyzeTreesSettled }, { packageCheckSalt }, { DEFAULT_MAX_FILE_SIZE }] = await Promise.all([
    import('../pipeline/analyze-trees.js'), import('./index-project.js'), import('../scan/read.js'),
  ]);
  // (walked as `errdex index` walks by default, and checked alike: its next run need not walk them)
  const walk = { includeTests: false, maxFileSize: DEFAULT_MAX_FILE_SIZE };
  const jobs = packages.map((p) => ({
    root: p.root, options: { asPackage: { ecosystem: p.ecosystem, name: p.name, version: p.version }, checkSalt: packageCheckSalt(p, walk) },
  }));
  const results = await analyzeTreesSettled(jobs, store);
  const trees = results.flatMap((r) => (r instanceof Error ? [] : [{ repo: r.repo, sha: r.sha, path: r.path }]));
  const installs = results.flatMap((r, i) => (r instanceof Error || !r.check ? [] : [{ root: packages[i].root, tree: { repo: r.repo, sha: r.sha, path: r.path }, check: r.check, fingerprint: r.fingerprint ?? null }]));
  await store.setView(project, trees, false, installs);
  return results;
}
