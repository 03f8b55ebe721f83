// Gem directories and their specifications: the gem a tree is (from its directory name, or
// vendor_ruby's first component with the version of the gemspec Debian installs beside it), and
// the gems Bundler installed into a project (`vendor/bundle/ruby/<abi>/gems/`, or the path
// `.bundle/config` names inside the project). Nothing is run; a gemspec is read as text for its
// version only, never evaluated.

import fs from 'node:fs';
import path from 'node:path';
import type { InstalledPackage, ManifestReader, PackageInfo } from '../../core/ecosystem.js';
import type { Problem } from '../../core/store.js';
import { CAPS, isInside, readGuardedText } from '../../scan/read.js';
import { listDir, MAX_PACKAGES, shown, validName, validVersion } from '../installed.js';

const GEM_DIR = /^([A-Za-z0-9][\w.-]*?)-(\d[\w.]*(?:-[\w.]+)?)$/;
/** Where Debian's ruby-* packages put the gemspecs of what they install into vendor_ruby. */
const DEBIAN_SPECS = ['/usr/share/rubygems-integration/all/specifications', '/usr/lib/ruby/vendor_ruby/specifications'];

function detect(root: string): PackageInfo | null {
  let isFile = false;
  try {
    isFile = fs.statSync(root).isFile();
  } catch {
    return null;
  }
  const parts = root.split(path.sep);
  // `…/gems/<name>-<version>[/…]`: paths start at the gem directory
  for (let i = parts.length - 1; i > 0; i--) {
    const m = parts[i - 1] === 'gems' ? GEM_DIR.exec(parts[i]) : null;
    if (!m || !validName(m[1]) || !validVersion(m[2])) continue;
    const inside = parts.slice(i + 1, isFile ? -1 : undefined).join('/');
    return { name: m[1], version: m[2], repo: null, pathPrefix: inside ? `${inside}/` : '', entryDirs: [] };
  }
  // `…/vendor_ruby/<name>[/…]` or `vendor_ruby/<name>.rb`: paths start at vendor_ruby
  const at = parts.lastIndexOf('vendor_ruby');
  if (at >= 0 && at < parts.length - 1) {
    const top = parts[at + 1].replace(/\.rb$/, '');
    if (!validName(top)) return null;
    const inside = parts.slice(at + 1, isFile ? -1 : undefined).join('/');
    return { name: top, version: debianVersion(top), repo: null, pathPrefix: inside ? `${inside}/` : '', entryDirs: [] };
  }
  return null;
}

/** The version of `<name>-<version>.gemspec` among Debian's specifications. */
function debianVersion(name: string): string | null {
  for (const dir of DEBIAN_SPECS) {
    for (const f of listDir(dir)) {
      const m = /^(.+)-(\d[\w.]*)\.gemspec$/.exec(f);
      if (m && (m[1] === name || m[1].replace(/-/g, '_') === name) && validVersion(m[2])) return m[2];
    }
  }
  return null;
}

/** The project's Bundler install roots (real paths inside the project). */
function installRoots(project: string): string[] {
  const dirs = [path.join(project, 'vendor', 'bundle')];
  const config = readGuardedText(path.join(project, '.bundle', 'config'), project, CAPS.metadata);
  const named = config ? /^BUNDLE_PATH:\s*"?([^"\n]+)"?\s*$/m.exec(config)?.[1].trim() : null;
  if (named && !path.isAbsolute(named)) dirs.unshift(path.join(project, named));
  const out: string[] = [];
  for (const d of dirs) {
    try {
      const real = fs.realpathSync(d);
      if (isInside(real, project) && !out.includes(real)) out.push(real);
    } catch {
      /* absent */
    }
  }
  return out;
}

/** `<root>/ruby/<abi>/gems/` (Bundler) and `<root>/gems/` (a GEM_HOME). */
function gemDirs(root: string): string[] {
  const out = [path.join(root, 'gems')];
  for (const abi of listDir(path.join(root, 'ruby'))) out.push(path.join(root, 'ruby', abi, 'gems'));
  return out;
}

function installed(project: string, problems: Problem[]): InstalledPackage[] {
  const out: InstalledPackage[] = [];
  for (const root of installRoots(project)) {
    for (const dir of gemDirs(root)) {
      for (const entry of listDir(dir)) {
        if (out.length >= MAX_PACKAGES) return out;
        const m = GEM_DIR.exec(entry);
        if (!m || !validName(m[1]) || !validVersion(m[2])) continue;
        let real: string;
        try {
          real = fs.realpathSync(path.join(dir, entry));
          if (!fs.statSync(real).isDirectory()) continue;
        } catch {
          continue;
        }
        if (!isInside(real, root)) {
          problems.push({ path: shown(project, path.join(dir, entry)), problem: 'symlinked gem points outside the install directory; not read' });
          continue;
        }
        out.push({ name: m[1], version: m[2], root: real });
      }
    }
  }
  return out;
}

function installedAt(file: string, project: string): InstalledPackage | null {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return null;
  }
  for (const root of installRoots(project)) {
    if (!isInside(real, root)) continue;
    const rel = path.relative(root, real).split(path.sep);
    const g = rel.indexOf('gems');
    const m = g >= 0 && g + 1 < rel.length ? GEM_DIR.exec(rel[g + 1]) : null;
    if (m && validName(m[1]) && validVersion(m[2])) return { name: m[1], version: m[2], root: path.join(root, ...rel.slice(0, g + 2)) };
  }
  return null;
}

export const manifest: ManifestReader = { detect, installed, installedAt, installRoots };
