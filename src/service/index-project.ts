// index: a project and every package installed for it, each package its own
// tree (`ecosystem:name@version`), found by the registered install layouts from
// files alone. A package version already in the index with the same files
// (installed for another project, or unchanged since the last run) is reused
// without reading it (AnalyzeOptions.asPackage).

import path from 'node:path';
import type { InstalledPackage } from '../core/ecosystem.js';
import type { InstallCheck, Problem, Store, StoredInstall, TreeKey } from '../core/store.js';
import { detectPackage, ECOSYSTEMS } from '../ecosystems/registry.js';
import type { AnalyzeOptions, AnalyzeSummary } from '../pipeline/analyze-tree.js';
import { checkHolds, checkSalt } from '../pipeline/tree-check.js';
import { findGit } from '../scan/git.js';
import { DEFAULT_MAX_FILE_SIZE } from '../scan/read.js';
import { findProject } from './project.js';

export interface IndexOptions {
  threads?: number;
  includeTests?: boolean;
  maxFileSize?: number;
  /** Walk and check every tree (file lists, then contents) even where the last run's check holds. */
  verify?: boolean;
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
  /** Whether its directory was walked: not when the last run's check of it held (its files' and directories' stats unchanged). */
  walked: boolean;
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
  // What the last run found where, and the checks of its walks: a tree whose check holds is taken
  // as stored, without a walk (pipeline/tree-check.ts). One read for the whole project.
  const known = new Map(opts.verify ? [] : (await store.installs(project)).map((i) => [i.root, i]));
  const walkOpts = { includeTests: !!opts.includeTests, maxFileSize: opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE };
  const trusted = (root: string, salt: string, identity?: string): StoredInstall | null => {
    const k = known.get(root);
    if (!k || (identity !== undefined && !k.tree?.path.startsWith(identity))) return null;
    // (records rewritten since the check was taken, by another errdex or with other options, are not what it vouches for)
    if (k.tree && (k.fingerprint === null || k.fingerprint !== k.treeFingerprint)) return null;
    return checkHolds(k.check, salt) ? k : null;
  };
  // The project's own code is what its files, its git identity and its manifest make it.
  const git = findGit(project, { parents: true });
  const ownPkg = (await detectPackage(project))?.info ?? null;
  const ownSalt = checkSalt({ own: project, ...walkOpts, exclude: [...installRoots].sort(), git, pkg: ownPkg });
  const packageSalt = (p: { ecosystem: string; name: string; version: string }) => packageCheckSalt(p, walkOpts);

  const ownKnown = trusted(project, ownSalt);
  const reused = found.map((p) => trusted(p.root, packageSalt(p), `${identityOf(p)}#`));
  const jobs = found.flatMap((p, i) => (reused[i] ? [] : [{
    root: p.root, options: { asPackage: { ecosystem: p.ecosystem, name: p.name, version: p.version }, checkSalt: packageSalt(p) },
  }]));
  opts.onProgress?.(found.length - jobs.length, found.length);
  let own: AnalyzeSummary | null;
  let results: (AnalyzeSummary | Error)[] = [];
  if (ownKnown && jobs.length === 0) own = ownKnown.tree ? await storedSummary(store, ownKnown, project, git, ownPkg) : null;
  else {
    // (the analysis pipeline is loaded only when a tree is to be walked: a warm run loads none of it)
    const [{ analyzeTree }, { analyzeTreesSettled, lazyPool }] = await Promise.all([import('../pipeline/analyze-tree.js'), import('../pipeline/analyze-trees.js')]);
    const shared: AnalyzeOptions = { threads: opts.threads, includeTests: opts.includeTests, maxFileSize: opts.maxFileSize, verify: opts.verify };
    const pool = lazyPool(opts.threads);
    try {
      // The project's own code, without its installed packages (indexed below, each as itself).
      const ownRun = ownKnown ? null : await analyzeTree(project, store, { ...shared, pool, exclude: installRoots, checkSalt: ownSalt });
      own = ownRun ? (ownRun.files === 0 ? null : ownRun) : ownKnown!.tree ? await storedSummary(store, ownKnown!, project, git, ownPkg) : null;
      if (ownRun) {
        known.set(project, {
          root: project, tree: ownRun.files === 0 ? null : ownRun, check: ownRun.check ?? '', fingerprint: ownRun.fingerprint ?? null, treeFingerprint: null,
          files: ownRun.files, records: ownRun.records,
        });
      }
      const done = found.length - jobs.length;
      results = await analyzeTreesSettled(jobs, store, { ...shared, pool }, (n) => opts.onProgress?.(done + n, found.length));
    } finally {
      await pool.close();
    }
  }
  let next = 0;
  const installs: InstallCheck[] = [];
  const ownCheck = known.get(project);
  if (ownCheck?.check) installs.push({ root: project, tree: ownCheck.tree && keyOf(ownCheck.tree), check: ownCheck.check, fingerprint: ownCheck.fingerprint });
  const packages = found.map((p, i): PackageOutcome & { tree?: TreeKey } => {
    const base = { ecosystem: p.ecosystem, name: p.name, version: p.version, path: path.relative(project, p.root), walked: true };
    const k = reused[i];
    if (k) {
      installs.push({ root: p.root, tree: k.tree, check: k.check, fingerprint: k.fingerprint });
      return { ...base, status: 'reused', walked: false, records: k.records, tree: k.tree! };
    }
    const r = results[next++];
    if (r instanceof Error) return { ...base, status: 'failed', records: 0, problem: r.message };
    if (r.check) installs.push({ root: p.root, tree: keyOf(r), check: r.check, fingerprint: r.fingerprint ?? null });
    return { ...base, status: r.unchanged ? 'reused' : 'analyzed', records: r.records, tree: keyOf(r) };
  });
  // The project's view: its own tree and its packages' trees as found now (what is gone drops out; gc removes it).
  const view = [...(own ? [keyOf(own)] : []), ...packages.flatMap((p) => (p.tree ? [p.tree] : []))];
  // (a run that found every tree where its checks hold has nothing to write)
  const same = jobs.length === 0 && ownKnown !== null && installs.length === known.size;
  if (!same) await store.setView(project, view, true, installs);
  const count = (st: PackageOutcome['status']) => packages.filter((p) => p.status === st).length;
  return {
    project, own, packages: packages.map(({ tree: _, ...p }) => p), found: packages.length, analyzed: count('analyzed'), reused: count('reused'), failed: count('failed'),
    skipped, records: (own?.records ?? 0) + packages.reduce((n, p) => n + p.records, 0), ms: performance.now() - t0,
  };
}

/** What the check of an installed package's walk is salted with: its identity and the walk's options. */
export const packageCheckSalt = (p: { ecosystem: string; name: string; version: string }, walk: { includeTests: boolean; maxFileSize: number }): string =>
  checkSalt({ package: identityOf(p), includeTests: walk.includeTests, maxFileSize: walk.maxFileSize });

const identityOf = (p: { ecosystem: string; name: string; version: string }) => `${p.ecosystem}:${p.name}@${p.version}`;

const keyOf = (t: TreeKey): TreeKey => ({ repo: t.repo, sha: t.sha, path: t.path });

/** The own tree's summary as stored (its check held: nothing was walked). */
async function storedSummary(
  store: Store, k: StoredInstall, project: string, git: ReturnType<typeof findGit>, pkg: { name: string; version: string | null; pathPrefix: string } | null,
): Promise<AnalyzeSummary> {
  const tree = k.tree!;
  const row = await store.getTree({ ...tree, root: project, package: pkg?.name ?? null });
  const check = row?.statCheck;
  return {
    repo: tree.repo, sha: tree.sha, path: tree.path, package: row?.package ?? null, version: row?.version ?? null,
    pathPrefix: git ? `${path.relative(git.top, project).split(path.sep).join('/')}/`.replace(/^\/$/, '') : pkg?.pathPrefix ?? '',
    files: k.files, bytes: check?.bytes ?? 0, parsed: 0, cached: k.files, cannotRaise: 0, sites: -1, records: k.records, unchanged: true, unchangedBy: 'stats',
    replaced: [], problems: check?.problems ?? [], skipped: check?.skipped ?? {}, ms: 0,
  };
}
