// index: a project and every package installed for it, each package its own
// tree (`ecosystem:name@version`), found by the registered install layouts from
// files alone. A package version already in the index with the same files
// (installed for another project, or unchanged since the last run) is reused
// without reading it (AnalyzeOptions.asPackage).

import path from 'node:path';
import type { InstalledPackage } from '../core/ecosystem.js';
import type { Problem, Store } from '../core/store.js';
import { ECOSYSTEMS } from '../ecosystems/registry.js';
import type { AnalyzeSummary } from '../pipeline/analyze-tree.js';
import { analyzeTree } from '../pipeline/analyze-tree.js';
import { analyzeTreesSettled } from '../pipeline/analyze-trees.js';
import { createPool } from '../scan/pool.js';
import { findProject } from './project.js';

export interface IndexOptions {
  threads?: number;
  includeTests?: boolean;
  maxFileSize?: number;
  /** Called as packages are done: (done, total). */
  onProgress?: (done: number, total: number) => void;
}

export interface PackageOutcome {
  ecosystem: string;
  name: string;
  version: string;
  /** Where it is installed, relative to the project. */
  path: string;
  /** analyzed: read and stored; reused: the same version with the same files was in the index; failed: see `problem`. */
  status: 'analyzed' | 'reused' | 'failed';
  records: number;
  problem?: string;
}

export interface IndexSummary {
  /** The project's directory. */
  project: string;
  /** The project's own code (null when it has no source file of a supported language). */
  own: AnalyzeSummary | null;
  packages: PackageOutcome[];
  found: number;
  analyzed: number;
  reused: number;
  failed: number;
  /** Installed things that were not indexed, and why. */
  skipped: Problem[];
  records: number;
  ms: number;
}

export async function indexProject(store: Store, dir: string, opts: IndexOptions = {}): Promise<IndexSummary> {
  const t0 = performance.now();
  const project = findProject(dir);
  const skipped: Problem[] = [];
  const found: (InstalledPackage & { ecosystem: string })[] = [];
  const installRoots = new Set<string>();
  for (const e of ECOSYSTEMS) {
    const manifest = await e.manifest();
    for (const p of manifest.installed(project, skipped)) found.push({ ...p, ecosystem: e.id });
    for (const r of manifest.installRoots(project)) installRoots.add(r);
  }
  const shared = { threads: opts.threads, includeTests: opts.includeTests, maxFileSize: opts.maxFileSize };
  const pool = createPool(opts.threads);
  try {
    // The project's own code, without its installed packages (indexed below, each as itself).
    const own = await ownCode(project, store, { ...shared, pool, exclude: installRoots });
    const jobs = found.map((p) => ({ root: p.root, options: { asPackage: { ecosystem: p.ecosystem, name: p.name, version: p.version } } }));
    opts.onProgress?.(0, jobs.length);
    const results = await analyzeTreesSettled(jobs, store, { ...shared, pool }, opts.onProgress);
    const packages = found.map((p, i): PackageOutcome => {
      const r = results[i];
      const base = { ecosystem: p.ecosystem, name: p.name, version: p.version, path: path.relative(project, p.root) };
      if (r instanceof Error) return { ...base, status: 'failed', records: 0, problem: r.message };
      return { ...base, status: r.unchangedBy === 'package' ? 'reused' : 'analyzed', records: r.records };
    });
    // The project's view: its own tree and its packages' trees as found now (what is gone drops out; gc removes it).
    const view = [own, ...results].flatMap((r) => (r && !(r instanceof Error) ? [{ repo: r.repo, sha: r.sha, path: r.path }] : []));
    await store.setView(project, view);
    const count = (s: PackageOutcome['status']) => packages.filter((p) => p.status === s).length;
    return {
      project, own, packages, found: packages.length, analyzed: count('analyzed'), reused: count('reused'), failed: count('failed'), skipped,
      records: (own?.records ?? 0) + packages.reduce((n, p) => n + p.records, 0), ms: performance.now() - t0,
    };
  } finally {
    await pool.close();
  }
}

/** The project's own tree; null when it holds no source file errdex reads. */
async function ownCode(project: string, store: Store, opts: Parameters<typeof analyzeTree>[2]): Promise<AnalyzeSummary | null> {
  const s = await analyzeTree(project, store, opts);
  return s.files === 0 ? null : s;
}
