// The dependencies a JVM project declares, found as sources where the build tools keep them:
// `<dependency>` elements of pom.xml (with `${property}` versions and <dependencyManagement>),
// string coordinates of a Gradle build (`implementation("g:a:v")`), each looked up as
// `<artifact>-<version>-sources.jar` in Maven's local repository (`~/.m2/repository/<group
// path>/<artifact>/<version>/`) or Gradle's cache (`~/.gradle/caches/modules-2/files-2.1/<group>/
// <artifact>/<version>/<hash>/`). Nothing is resolved over the network and no build runs: a
// dependency whose sources were not downloaded is reported, as are test-scoped ones skipped.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InstalledPackage } from '../../core/ecosystem.js';
import type { Problem } from '../../core/store.js';
import { CAPS, readGuardedText } from '../../scan/read.js';
import { listDir, MAX_PACKAGES, validVersion } from '../installed.js';

interface Coordinate { group: string; artifact: string; version: string | null; from: string }

const validPart = (s: string): boolean => /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/.test(s) && !s.includes('..');
const tag = (block: string, name: string): string | null => new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(block)?.[1] ?? null;
const withoutComments = (xml: string): string => xml.replace(/<!--[\s\S]*?-->/g, '');

/** `${name}` references replaced from the pom's <properties> and its own version; null when one is left. */
function substitute(v: string, props: ReadonlyMap<string, string>): string | null {
  const out = v.replace(/\$\{([^}]{1,100})\}/g, (m, k: string) => props.get(k) ?? m);
  return out.includes('${') ? null : out;
}

function pomCoordinates(pom: string, problems: Problem[], shownPom: string): Coordinate[] {
  const xml = withoutComments(pom);
  const props = new Map<string, string>();
  for (const m of (/<properties>([\s\S]*?)<\/properties>/.exec(xml)?.[1] ?? '').matchAll(/<([A-Za-z0-9_.-]{1,100})>\s*([^<]*?)\s*<\/\1>/g)) props.set(m[1], m[2]);
  const own = xml.replace(/<parent>[\s\S]*?<\/parent>/, '').replace(/<(dependencyManagement|dependencies|build|profiles)>[\s\S]*?<\/\1>/g, '');
  const version = tag(own, 'version') ?? tag(/<parent>([\s\S]*?)<\/parent>/.exec(xml)?.[1] ?? '', 'version');
  if (version) props.set('project.version', version);
  const managed = new Map<string, string>();
  const management = /<dependencyManagement>([\s\S]*?)<\/dependencyManagement>/.exec(xml)?.[1] ?? '';
  for (const d of management.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const v = tag(d[1], 'version');
    if (v) managed.set(`${tag(d[1], 'groupId')}:${tag(d[1], 'artifactId')}`, v);
  }
  const out: Coordinate[] = [];
  // (the project's dependencies: not those of its plugins, its profiles or its management section)
  const declared = xml.replace(/<(dependencyManagement|build|profiles)>[\s\S]*?<\/\1>/g, '');
  for (const d of declared.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const group = tag(d[1], 'groupId');
    const artifact = tag(d[1], 'artifactId');
    const scope = tag(d[1], 'scope');
    if (!group || !artifact) continue;
    if (scope === 'test' || scope === 'system') {
      problems.push({ path: shownPom, problem: `${group}:${artifact} is ${scope}-scoped; not indexed` });
      continue;
    }
    const raw = tag(d[1], 'version') ?? managed.get(`${group}:${artifact}`) ?? null;
    out.push({ group: substitute(group, props) ?? group, artifact, version: raw === null ? null : substitute(raw, props), from: shownPom });
  }
  return out;
}

/** String coordinates of a Gradle build's main configurations (a version catalog or a computed version is not read). */
function gradleCoordinates(build: string, shownBuild: string): Coordinate[] {
  const out: Coordinate[] = [];
  const conf = /\b(implementation|api|compile|runtimeOnly|compileOnly|runtime)\s*\(?\s*["']([^"':\s]+):([^"':\s]+):([^"':\s@]+)["']/g;
  for (const m of build.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').matchAll(conf)) out.push({ group: m[2], artifact: m[3], version: m[4], from: shownBuild });
  return out;
}

/** Maven's local repository and Gradle's module cache of this user, where they exist. */
function caches(): { m2: string | null; gradle: string | null } {
  const home = os.homedir();
  const dir = (p: string) => (path.isAbsolute(p) && fs.existsSync(p) ? p : null);
  const gradleHome = process.env.GRADLE_USER_HOME || path.join(home, '.gradle');
  return { m2: dir(path.join(home, '.m2', 'repository')), gradle: dir(path.join(gradleHome, 'caches', 'modules-2', 'files-2.1')) };
}

function sourcesJar(c: Coordinate & { version: string }, where: ReturnType<typeof caches>): string | null {
  const file = `${c.artifact}-${c.version}-sources.jar`;
  if (where.m2) {
    const jar = path.join(where.m2, ...c.group.split('.'), c.artifact, c.version, file);
    if (fs.existsSync(jar)) return jar;
  }
  if (where.gradle) {
    const versionDir = path.join(where.gradle, c.group, c.artifact, c.version);
    for (const hash of listDir(versionDir)) {
      const jar = path.join(versionDir, hash, file);
      if (fs.existsSync(jar)) return jar;
    }
  }
  return null;
}

export function installed(project: string, problems: Problem[]): InstalledPackage[] {
  const coordinates: Coordinate[] = [];
  const pom = readGuardedText(path.join(project, 'pom.xml'), project, CAPS.manifest);
  if (pom !== null) coordinates.push(...pomCoordinates(pom, problems, 'pom.xml'));
  for (const name of ['build.gradle', 'build.gradle.kts']) {
    const build = readGuardedText(path.join(project, name), project, CAPS.manifest);
    if (build !== null) coordinates.push(...gradleCoordinates(build, name));
  }
  if (coordinates.length === 0) return [];
  const where = caches();
  const out: InstalledPackage[] = [];
  const seen = new Set<string>();
  for (const c of coordinates) {
    if (out.length >= MAX_PACKAGES) break;
    const name = `${c.group}:${c.artifact}`;
    if (!validPart(c.group) || !validPart(c.artifact)) {
      problems.push({ path: c.from, problem: `dependency ${JSON.stringify(name.slice(0, 200))} is not a usable group and artifact; not indexed` });
      continue;
    }
    if (c.version === null || !validVersion(c.version)) {
      problems.push({ path: c.from, problem: `${name} has no version errdex can read (a property or range it cannot resolve); not indexed` });
      continue;
    }
    if (seen.has(`${name}@${c.version}`)) continue;
    seen.add(`${name}@${c.version}`);
    const jar = sourcesJar({ ...c, version: c.version }, where);
    if (jar) out.push({ name, version: c.version, root: fs.realpathSync(jar) });
    else problems.push({ path: c.from, problem: `${name} ${c.version} has no -sources.jar in Maven's local repository or Gradle's cache (the build tools download sources on request)` });
  }
  return out;
}

