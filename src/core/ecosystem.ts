// The contract of an install layout (src/ecosystems/<id>/): how an installed
// package is recognised, named and versioned from its files alone, never by
// running the package manager or any code of the package.

import type { EntryPoint } from './store.js';

export interface PackageInfo {
  name: string;
  version: string | null;
  /** `owner/name` from package metadata, when it names a repository. */
  repo: string | null;
  /** Prefix for file paths so they read as in the package's repository (site-packages: the package directory). */
  pathPrefix: string;
  /**
   * Files and directories (ending in `/`) the runtime loads for this package, `require` targets
   * first. When a package ships the same code several times (sources, CJS, ESM, browser
   * bundles), these name the copy that runs.
   */
  entryDirs: string[];
}

/** How an ecosystem reads a tree's manifests: what only analyze uses (Ecosystem.manifest). */
export interface ManifestReader {
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
  /** Directory names packages are installed under: a tree below one is named as its package, not by the enclosing repository. */
  installDirs: string[];
  /** The installed package a path (a stack frame's file) runs inside, and where in the path its install directory starts. */
  packageInPath(file: string): { name: string; index: number } | null;
  /** The manifest reader, imported on the first call (explain reads frame paths only, and loads none of it). */
  manifest(): Promise<ManifestReader>;
}
