// The contract of an install layout (src/ecosystems/<id>/): how an installed
// package is recognised, named and versioned from its files alone, never by
// running the package manager or any code of the package.

import type { EntryPoint, Problem } from './store.js';

/**
 * The revision of its repository a package version was published from: a commit the metadata
 * names (npm's `gitHead`, pip's `direct_url.json`), or else the version's tag, which is a guess
 * (no network is asked whether the tag exists or how the project spells it).
 */
export interface PackageRevision { ref: string; basis: 'commit' | 'tag' }

export interface PackageInfo {
  name: string;
  version: string | null;
  /** `owner/name` from package metadata, when it names a repository. */
  repo: string | null;
  /** What permalinks into `repo` point at; none without a repository or a version, or where the layout reads no revision. */
  revision?: PackageRevision | null;
  /** Prefix for file paths so they read as in the package's repository (site-packages: the package directory). */
  pathPrefix: string;
  /**
   * Files and directories (ending in `/`) the runtime loads for this package, `require` targets
   * first. When a package ships the same code several times (sources, CJS, ESM, browser
   * bundles), these name the copy that runs.
   */
  entryDirs: string[];
}

/** A package installed for a project, found from its files (`errdex index`). */
export interface InstalledPackage {
  name: string;
  version: string;
  /** The directory (or, for a one-module Python distribution, the file) to analyze, by real path. */
  root: string;
}

/** How an ecosystem reads a tree's manifests: what only analyze, index and lazy indexing use (Ecosystem.manifest). */
export interface ManifestReader {
  /**
   * The packages installed for the project at `project` (a real path), read from manifests and
   * metadata alone, never by running anything; what cannot be used is reported in `problems`.
   * Nothing outside the project and its environments is read.
   */
  installed(project: string, problems: Problem[]): InstalledPackage[];
  /** Directories of the project that hold installed packages, not the project's code (`node_modules`, a venv). */
  installRoots(project: string): string[];
  /** The package installed for the project (a real path) that the file (a stack frame's, absolute) is in, or null. */
  installedAt(file: string, project: string): InstalledPackage | null;
  /** The package the tree at `root` (a directory or one file) is, or null. */
  detect(root: string): PackageInfo | null;
  /**
   * Files the declared entry files load, nearest first, read as text and never executed
   * (`known`: texts already read, by relative path, looked up before the disk).
   */
  loadedFrom?(root: string, declared: string[], known: ReadonlyMap<string, string>): EntryPoint[];
}

export interface Ecosystem {
  id: string;
  /** A file of this name makes its directory a project of this ecosystem (`package.json`, `pyproject.toml`). */
  projectFile(name: string): boolean;
  /** Directory names packages are installed under: a tree below one is named as its package, not by the enclosing repository. */
  installDirs: string[];
  /** The installed package a path (a stack frame's file) runs inside, and where in the path its install directory starts. */
  packageInPath(file: string): { name: string; index: number } | null;
  /** The manifest reader, imported on the first call (explain reads frame paths only, and loads none of it). */
  manifest(): Promise<ManifestReader>;
}
