// Cargo's manifests: a crate's Cargo.toml names it, its version and repository; a project's
// Cargo.lock lists the crates built for it, found in the project's `vendor/`, the Cargo home's
// registry source cache or Debian's registry. Read as text (the `[package]` table's plain
// `key = "value"` lines), never by running cargo. Imported on first use (cargo.manifest()).

import { packageRevision, vTag } from '../revision.js';
import fs from 'node:fs';
import path from 'node:path';
import type { InstalledPackage, ManifestReader, PackageInfo } from '../../core/ecosystem.js';
import type { Problem } from '../../core/store.js';
import { repoFromUrl } from '../../scan/git.js';
import { CAPS, isInside, readGuardedText } from '../../scan/read.js';
import { listDir, MAX_PACKAGES, shown, validName, validVersion } from '../installed.js';
import { CRATE_IN_PATH } from './paths.js';

/** The `[package]` table's string values (`name = "x"`), up to the next table. */
export function packageTable(toml: string): Record<string, string> {
  const out: Record<string, string> = {};
  const start = /^\[package\][ \t]*$/m.exec(toml);
  if (!start) return out;
  const rest = toml.slice(start.index + start[0].length);
  const end = /^\[/m.exec(rest);
  for (const m of (end ? rest.slice(0, end.index) : rest).matchAll(/^[ \t]*([A-Za-z_-]+)[ \t]*=[ \t]*"([^"\n]{0,300})"/gm)) out[m[1]] ??= m[2];
  return out;
}

function detect(root: string): PackageInfo | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(root);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return null;
  // the toolchain's library sources (rust-src, Debian's /usr/src/rustc-<version>/library)
  if (path.basename(root) === 'library' && fs.existsSync(path.join(root, 'core')) && fs.existsSync(path.join(root, 'std'))) {
    const v = /^rustc-(\d+\.\d+\.\d+)/.exec(path.basename(path.dirname(root)))?.[1] ?? null;
    // (rust-lang/rust tags each release by its bare version)
    return { name: 'rust-std', version: v, repo: 'rust-lang/rust', revision: packageRevision('rust-lang/rust', null, v), pathPrefix: 'library/', entryDirs: [] };
  }
  const text = readGuardedText(path.join(root, 'Cargo.toml'), root, CAPS.manifest);
  if (text === null) return null;
  const p = packageTable(text);
  if (!validName(p.name)) return null;
  const repo = p.repository ? repoFromUrl(p.repository) : null;
  const version = validVersion(p.version) ? p.version : null;
  return { name: p.name, version, repo, revision: packageRevision(repo, null, vTag(version)), pathPrefix: '', entryDirs: [] };
}

/** The Cargo home's registry source caches (`$CARGO_HOME/registry/src/<index>/`), and Debian's registry. */
function registries(): string[] {
  const home = process.env.CARGO_HOME && path.isAbsolute(process.env.CARGO_HOME) ? process.env.CARGO_HOME : process.env.HOME ? path.join(process.env.HOME, '.cargo') : null;
  const out: string[] = [];
  if (home) for (const d of listDir(path.join(home, 'registry', 'src'))) out.push(path.join(home, 'registry', 'src', d));
  out.push('/usr/share/cargo/registry');
  return out.filter((d) => fs.existsSync(d));
}

/** The crates Cargo.lock lists, each in the first place it is installed: the project's vendor/, then the registries. */
function installed(project: string, problems: Problem[]): InstalledPackage[] {
  const lock = readGuardedText(path.join(project, 'Cargo.lock'), project, CAPS.manifest);
  if (lock === null) return [];
  const out: InstalledPackage[] = [];
  const vendor = path.join(project, 'vendor');
  const places = [vendor, ...registries()];
  for (const block of lock.split(/^\[\[package\]\]$/m).slice(1)) {
    if (out.length >= MAX_PACKAGES) break;
    const name = /^name = "([^"\n]+)"$/m.exec(block)?.[1];
    const version = /^version = "([^"\n]+)"$/m.exec(block)?.[1];
    // (the project's own crates have no source)
    if (!/^source = "/m.test(block)) continue;
    if (!validName(name) || !validVersion(version)) {
      problems.push({ path: 'Cargo.lock', problem: `a package entry with an unusable name or version (${String(name).slice(0, 80)})` });
      continue;
    }
    const dir = places.flatMap((p) => [path.join(p, `${name}-${version}`), ...(p === vendor ? [path.join(p, name)] : [])]).find((d) => crateAt(d, name, version));
    if (!dir) {
      problems.push({ path: shown(project, path.join(project, 'Cargo.lock')), problem: `${name} ${version} is locked but not installed in vendor/ or a registry source cache` });
      continue;
    }
    out.push({ name, version, root: fs.realpathSync(dir) });
  }
  return out;
}

/** Whether `dir` holds the crate at that version (its Cargo.toml says so). */
function crateAt(dir: string, name: string, version: string): boolean {
  const text = readGuardedText(path.join(dir, 'Cargo.toml'), dir, CAPS.manifest);
  if (text === null) return false;
  const p = packageTable(text);
  return p.name === name && p.version === version;
}

function installedAt(file: string, project: string): InstalledPackage | null {
  const m = CRATE_IN_PATH.exec(file.replace(/\\/g, '/'));
  if (!m) return null;
  const dir = file.slice(0, m.index + m[0].length - 1);
  let real: string;
  try {
    real = fs.realpathSync(dir);
  } catch {
    return null;
  }
  const inProject = isInside(real, fs.realpathSync(project));
  // (a registry's crate is the project's only when the project is a Rust one: its Cargo.lock says so)
  if (!inProject && !(fs.existsSync(path.join(project, 'Cargo.lock')) && registries().some((r) => isInside(real, r)))) return null;
  const info = detect(real);
  return info && info.version ? { name: info.name, version: info.version, root: real } : null;
}

const installRoots = (project: string): string[] => [path.join(project, 'vendor'), ...registries()].filter((d) => fs.existsSync(d));

export const manifest: ManifestReader = { detect, installed, installedAt, installRoots };
