// Walking a tree: which files to analyze, which to skip and why. Reads only
// directory entries and .gitignore files; never follows a symlink out of the
// tree, never follows a symlinked directory (that is how loops are avoided).

import fs from 'node:fs';
import path from 'node:path';
import type { Problem } from '../core/store.js';
import { fileLanguage, PACKS } from '../languages/registry.js';
import { compileGitignore, type GitignoreMatcher } from './gitignore.js';
import { CAPS, readGuarded, type Read } from './read.js';
import type { Watch } from './watch.js';
import { listZip, ZipReader } from './zip.js';

export type { Problem };

export interface WalkOptions {
  includeTests: boolean;
  maxFileSize: number;
  /** Analyze only this top-level file (a tree of one file). */
  only?: string;
  /** Directories not walked, by real path (a project's installed packages, analyzed as trees of their own). */
  exclude?: ReadonlySet<string>;
}

export interface FileEntry {
  /** Path relative to the root, with `/` separators. */
  rel: string;
  abs: string;
  size: number;
  language: string;
  /** Size, modification and change times and inode: what says the file is the same without reading it. */
  stat: string;
}

export interface WalkResult {
  files: FileEntry[];
  /** Locale and message files (`locales/en.json`): message tables the tree's lookups read (language `locale`). */
  locales: FileEntry[];
  problems: Problem[];
  /** Files skipped by rule (tests, docs, too large...), counted by reason. */
  skipped: Record<string, number>;
  /** The latest modification or change time of a file listed (ms since the epoch). */
  newestChange: number;
  /** How a listed file is read when it is not a file on disk (an archive's entry); else readGuarded. */
  read?: (f: FileEntry, maxBytes: number) => Read;
  /** The directories read and the files whose stat was taken (scan/watch.ts); none for an archive. */
  watch?: Watch;
}

// Directories that hold tests, fixtures, examples and docs, and never the code users run (with
// the packs' own: `__tests__`, `idle_test`...).
const TEST_DIRS = new Set([
  'test', 'tests', 'testing', 'spec', 'specs', 'fixtures', 'example', 'examples', 'docs', 'doc', 'benchmark', 'benchmarks', 'bench',
  'test_data', 'testdata', ...PACKS.flatMap((p) => p.files.testDirs),
]);
// (`ancestors` and `files` are only built for a directory with a test directory's name)
const isTestDir = (name: string, ancestors: () => readonly string[], files?: () => readonly string[]) => {
  const lower = name.toLowerCase();
  return TEST_DIRS.has(lower) && !PACKS.some((p) => p.files.packageDir?.(ancestors(), lower, files));
};
/** The names of a directory's regular files, read once on first call (none when it cannot be read). */
function fileNames(dirAbs: string): () => readonly string[] {
  let names: string[] | undefined;
  return () => (names ??= (() => {
    try {
      return fs.readdirSync(dirAbs, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    } catch {
      return [];
    }
  })());
}
// Version control and errdex's own directory, with the packs' caches and installed dependencies.
const ALWAYS_SKIP_DIRS = new Set(['.git', '.hg', '.svn', '.errdex', ...PACKS.flatMap((p) => p.files.skipDirs)]);

export function walkTree(root: string, opts: WalkOptions): WalkResult {
  const watch: Watch = { dirs: [], files: [] };
  const result: WalkResult = { files: [], locales: [], problems: [], skipped: {}, newestChange: 0, watch };
  const rootReal = fs.realpathSync.native(root);
  const skip = (reason: string) => (result.skipped[reason] = (result.skipped[reason] ?? 0) + 1);
  // (what could not be read or stated may become readable without a stat the watch holds moving: such a tree is walked each time)
  let unwatchable = false;

  const visit = (dirAbs: string, dirRel: string, ignores: { base: string; ig: GitignoreMatcher }[]) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dirAbs, { withFileTypes: true });
    } catch (e) {
      result.problems.push({ path: dirRel || '.', problem: `cannot read directory: ${(e as NodeJS.ErrnoException).code ?? e}` });
      unwatchable = true;
      return;
    }
    watch.dirs.push(dirRel);
    const gi = entries.find((e) => e.name === '.gitignore' && e.isFile());
    if (gi) {
      watch.files.push(dirRel ? `${dirRel}/.gitignore` : '.gitignore');
      const read = readGuarded(path.join(dirAbs, '.gitignore'), rootReal, CAPS.gitignore);
      // (an unreadable .gitignore ignores nothing)
      if ('data' in read) ignores = [...ignores, { base: dirRel, ig: compileGitignore(read.data.toString('utf8')) }];
      else result.problems.push({ path: dirRel ? `${dirRel}/.gitignore` : '.gitignore', problem: read.problem });
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const ent of entries) {
      if (opts.only && (dirRel !== '' || ent.name !== opts.only)) continue;
      const rel = dirRel ? `${dirRel}/${ent.name}` : ent.name;
      const abs = path.join(dirAbs, ent.name);
      const isDir = ent.isDirectory();
      if (isIgnored(ignores, rel, isDir)) {
        skip('gitignored');
        continue;
      }
      if (isDir) {
        if (ALWAYS_SKIP_DIRS.has(ent.name) || (!opts.includeTests && isTestDir(ent.name, () => (dirRel ? dirRel.split('/') : []), fileNames(abs)))) {
          skip(ALWAYS_SKIP_DIRS.has(ent.name) ? 'vendor/tool directory' : 'test/docs directory');
          continue;
        }
        if (opts.exclude?.has(abs)) {
          skip('installed packages');
          continue;
        }
        visit(abs, rel, ignores);
        continue;
      }
      const known = fileLanguage(ent.name);
      const locale = !known && isLocaleFile(rel);
      if (!known && !locale) continue;
      const language = known ? known.language.name : 'locale';
      const skipReason = known?.pack.files.skipFile(ent.name, opts.includeTests);
      if (skipReason) {
        skip(skipReason);
        continue;
      }
      let st: fs.Stats;
      try {
        if (ent.isSymbolicLink()) {
          const target = fs.realpathSync(abs);
          if (target !== rootReal && !target.startsWith(rootReal + path.sep)) {
            result.problems.push({ path: rel, problem: 'symlink points outside the tree; not followed' });
            unwatchable = true;
            continue;
          }
          st = fs.statSync(target);
          if (!st.isFile()) continue;
        } else if (ent.isFile()) st = fs.statSync(abs);
        else continue;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        result.problems.push({ path: rel, problem: code === 'ELOOP' ? 'symlink loop' : `cannot stat: ${code ?? e}` });
        unwatchable = true;
        continue;
      }
      // (also a file too large to read: shrunk in place, it would be listed)
      watch.files.push(rel);
      if (locale && st.size > MAX_LOCALE_FILE) continue;
      if (st.size > opts.maxFileSize) {
        result.problems.push({ path: rel, problem: `file is ${st.size} bytes, over the ${opts.maxFileSize}-byte limit` });
        continue;
      }
      (locale ? result.locales : result.files).push({ rel, abs, size: st.size, language, stat: `${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}` });
      result.newestChange = Math.max(result.newestChange, st.mtimeMs, st.ctimeMs);
    }
  };
  visit(rootReal, '', []);
  if (unwatchable) delete result.watch;
  return result;
}

/**
 * The files of a zip archive (a JDK's src.zip, a `-sources.jar`), by the rules of walkTree: entries
 * are listed from the central directory and read in place (scan/zip.ts), never extracted.
 */
export function walkArchive(archive: string, opts: WalkOptions & { under?: string }): WalkResult {
  const result: WalkResult = { files: [], locales: [], problems: [], skipped: {}, newestChange: 0 };
  const skip = (reason: string) => (result.skipped[reason] = (result.skipped[reason] ?? 0) + 1);
  const real = fs.realpathSync(archive);
  const listing = listZip(real);
  if ('problem' in listing) {
    result.problems.push({ path: path.basename(archive), problem: listing.problem });
    return result;
  }
  result.problems.push(...listing.problems);
  const st = fs.statSync(real);
  result.newestChange = Math.max(st.mtimeMs, st.ctimeMs);
  const byRel = new Map<string, (typeof listing.entries)[number]>();
  const under = opts.under ? `${opts.under.replace(/\/+$/, '')}/` : '';
  for (const e of listing.entries) {
    if (!e.name.startsWith(under)) continue;
    const rel = e.name.slice(under.length);
    const parts = rel.split('/');
    const name = parts[parts.length - 1];
    const dirs = parts.slice(0, -1);
    if (dirs.some((d) => ALWAYS_SKIP_DIRS.has(d))) {
      skip('vendor/tool directory');
      continue;
    }
    if (!opts.includeTests && dirs.some((d, i) => isTestDir(d, () => dirs.slice(0, i)))) {
      skip('test/docs directory');
      continue;
    }
    const known = fileLanguage(name);
    if (!known) continue;
    const skipReason = known.pack.files.skipFile(name, opts.includeTests);
    if (skipReason) {
      skip(skipReason);
      continue;
    }
    if (e.size > opts.maxFileSize) {
      result.problems.push({ path: rel, problem: `file is ${e.size} bytes, over the ${opts.maxFileSize}-byte limit` });
      continue;
    }
    if (byRel.has(rel)) continue;
    byRel.set(rel, e);
    result.files.push({ rel, abs: `${real}/${e.name}`, size: e.size, language: known.language.name, stat: `${e.size}:${e.crc}:${st.mtimeMs}:${st.ino}` });
  }
  result.files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  const reader = new ZipReader(real);
  result.read = (f, maxBytes) => reader.read(byRel.get(f.rel)!, maxBytes);
  return result;
}

/** Locale files larger than this are not read (a generated bundle of every language). */
const MAX_LOCALE_FILE = 1024 * 1024;
/** Directories whose JSON files are message tables, and such files' own names. */
// (YAML locale files, Rails' `config/locales/en.yml` and a gem's `lib/x/locale/en.yml`, only in such a directory)
const LOCALE_DIRS = /(?:^|\/)(?:locales?|i18n|l10n|lang|langs|languages|translations|messages)\/(?:[^/]+\/)?[^/]+\.(?:json|ya?ml)$/i;
const LOCALE_NAME = /(?:^|\/)(?:messages|errors|error-messages|error_messages)(?:[._-][A-Za-z_-]+)?\.json$/i;

/**
 * A `.properties` resource bundle (`org/x/messages.properties`): its entries are texts a bundle's
 * lookups read. Not a translation (`messages_de.properties`, `messages_pt_BR.properties`): the
 * bundle's default texts are read, as a bundle class's are.
 */
const PROPERTIES_BUNDLE = /(?:^|\/)[^/]+\.properties$/i;
const TRANSLATION = /_[a-z]{2}(?:_[A-Z]{2}|_[A-Z][a-z]{3})?(?:_\w+)?\.properties$/;

/** A JSON (or, in a locale directory, YAML) file of messages shipped in the package (`locales/en.json`, `i18n/fr/errors.json`, `messages.json`, `locale/en.yml`), or a `.properties` bundle. */
export const isLocaleFile = (rel: string): boolean => LOCALE_DIRS.test(rel) || LOCALE_NAME.test(rel) || (PROPERTIES_BUNDLE.test(rel) && !TRANSLATION.test(rel));

function isIgnored(ignores: { base: string; ig: GitignoreMatcher }[], rel: string, isDir: boolean): boolean {
  for (const { base, ig } of ignores) {
    const sub = base ? rel.slice(base.length + 1) : rel;
    if (ig.ignores(isDir ? `${sub}/` : sub)) return true;
  }
  return false;
}
