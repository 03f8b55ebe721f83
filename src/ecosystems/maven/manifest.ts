// What names a JVM tree: a `-sources.jar` in Maven's local repository by its path (group,
// artifact, version), any other jar by its META-INF/MANIFEST.MF (Implementation-Title or
// Bundle-SymbolicName or Automatic-Module-Name, and the matching version), a JDK's src.zip by the
// JDK's `release` file, and a source tree by its pom.xml (artifactId, version). A project's
// installed packages are the `-sources.jar` files of the dependencies its pom.xml or Gradle build
// declares, in Maven's local repository or Gradle's cache (deps.ts). Imported on first use
// (maven.manifest()).

import fs from 'node:fs';
import path from 'node:path';
import type { ManifestReader, PackageInfo } from '../../core/ecosystem.js';
import { CAPS, readGuardedText } from '../../scan/read.js';
import { archivePath, isArchiveName, listZip, ZipReader } from '../../scan/zip.js';
import { validVersion } from '../installed.js';
import { installed } from './deps.js';
import { IN_M2 } from './paths.js';

const info = (name: string, version: string | null): PackageInfo => ({ name, version: version && validVersion(version) ? version : null, repo: null, revision: null, pathPrefix: '', entryDirs: [] });

/** `Key: value` lines of a jar manifest (continuation lines start with a space). */
export function manifestFields(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let key: string | null = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith(' ') && key) out[key] += line.slice(1);
    else {
      const m = /^([A-Za-z0-9_-]+):\s?(.*)$/.exec(line);
      key = m ? m[1] : null;
      if (m && !(m[1] in out)) out[m[1]] = m[2];
    }
  }
  return out;
}

function fromJarManifest(jar: string): PackageInfo | null {
  const listing = listZip(jar);
  if ('problem' in listing) return null;
  const entry = listing.entries.find((e) => e.name === 'META-INF/MANIFEST.MF');
  if (!entry) return null;
  const read = new ZipReader(jar).read(entry, CAPS.metadata);
  if ('problem' in read) return null;
  const f = manifestFields(read.data.toString('utf8'));
  const name = f['Implementation-Title'] ?? f['Bundle-SymbolicName']?.split(';')[0] ?? f['Automatic-Module-Name'];
  const version = f['Implementation-Version'] ?? f['Bundle-Version'] ?? null;
  return name ? info(name.trim(), version?.trim() ?? null) : null;
}

/** A JDK's version from `<jdk>/release` (`JAVA_VERSION="17.0.9"`), for its lib/src.zip. */
function fromJdk(srcZip: string): PackageInfo | null {
  const home = path.dirname(path.dirname(srcZip));
  if (path.basename(srcZip) !== 'src.zip') return null;
  const release = readGuardedText(path.join(home, 'release'), home, CAPS.metadata);
  if (release === null) return null;
  const v = /^JAVA_VERSION="([^"]+)"/m.exec(release);
  return info('jdk', v ? v[1] : null);
}

/** artifactId and version of a pom.xml (those of the project, not of its <parent>). */
function fromPom(dir: string): PackageInfo | null {
  const text = readGuardedText(path.join(dir, 'pom.xml'), dir, CAPS.manifest);
  if (text === null) return null;
  const own = text.replace(/<parent>[\s\S]*?<\/parent>/, '').replace(/<dependencies>[\s\S]*?<\/dependencies>/g, '').replace(/<build>[\s\S]*$/, '');
  const artifact = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(own)?.[1];
  const group = /<groupId>\s*([^<\s]+)\s*<\/groupId>/.exec(own)?.[1] ?? /<parent>[\s\S]*?<groupId>\s*([^<\s]+)\s*<\/groupId>/.exec(text)?.[1];
  const version = /<version>\s*([^<\s]+)\s*<\/version>/.exec(own)?.[1] ?? null;
  return artifact ? info(group ? `${group}:${artifact}` : artifact, version && !version.includes('${') ? version : null) : null;
}

function detect(root: string): PackageInfo | null {
  const inArchive = archivePath(root.split(path.sep).join('/'));
  if (inArchive && inArchive.under) {
    // a directory inside an archive: a JDK module of src.zip is named as the module
    const whole = detect(inArchive.archive);
    const top = inArchive.under.split('/')[0];
    return whole && whole.name === 'jdk' ? { ...whole, name: top } : whole;
  }
  let st: fs.Stats;
  try {
    st = fs.statSync(root);
  } catch {
    return null;
  }
  if (st.isFile()) {
    if (!isArchiveName(root)) return null;
    const m = IN_M2.exec(root.split(path.sep).join('/'));
    if (m) return info(`${m[1].slice(0, -1).replace(/\//g, '.')}:${m[2]}`, m[3]);
    return fromJdk(root) ?? fromJarManifest(root);
  }
  return st.isDirectory() ? fromPom(root) : null;
}

export const manifest: ManifestReader = {
  detect,
  installed,
  installRoots: () => [],
  installedAt: () => null,
};
