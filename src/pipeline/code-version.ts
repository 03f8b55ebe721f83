// What version of errdex's code built a tree's analyses and records: a hash of the compiled code
// (contents: what the file cache and fingerprints are keyed by), and a cheaper stamp of the same
// files' stats, for checks that only need to know nothing moved (a rebuild with the same code
// moves the stamp and costs one full check, never a wrong answer).

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// (relative to the compiled tree, dist/: this module runs one directory below it, from
// dist/pipeline/ or from the CLI's bundle in dist/bundle/, which is built from those files)
const ANALYZER_DIRS = ['languages', 'template', 'core', 'scan'];
const PIPELINE_DIRS = [...ANALYZER_DIRS, 'facts', 'record', 'explain', 'ecosystems', 'pipeline'];

const versions = new Map<string, string>();

/** A hash of the compiled code in these directories (relative to dist/) and every directory below them: of `kind` of each file. */
function codeHash(dirs: string[], kind: 'contents' | 'stats'): string {
  const key = `${kind}\0${dirs.join('\0')}`;
  let v = versions.get(key);
  if (v) return v;
  const h = createHash('sha256');
  const compiled = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const hashDir = (dir: string, rel: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const name = `${rel}/${e.name}`;
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) hashDir(abs, name);
      else if (e.isFile() && /\.[jt]s$/.test(e.name)) {
        h.update(name).update('\0');
        if (kind === 'contents') h.update(fs.readFileSync(abs));
        else {
          const st = fs.statSync(abs);
          h.update(`${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}`);
        }
      }
    }
  };
  for (const d of dirs) hashDir(path.join(compiled, d), d);
  versions.set(key, (v = h.digest('hex').slice(0, 16)));
  return v;
}

/**
 * The analyzer's identity: a hash of the code that turns source into analyses (the language
 * packs, the template IR, the core model they build). Any change to a file in them, at any depth,
 * invalidates the file cache.
 */
export const analyzerVersion = (): string => codeHash(ANALYZER_DIRS, 'contents');

/** The code that turns a tree into records (analyses, facts, assembly, package detection): part of a tree's fingerprint. */
export const pipelineVersion = (): string => analyzerVersion() + codeHash(PIPELINE_DIRS.slice(ANALYZER_DIRS.length), 'contents');

/**
 * The same code by its files' stats (nothing read): equal, the code is `pipelineVersion`'s as
 * when the stamp was taken. What stat checks are salted with.
 */
export const pipelineStamp = (): string => codeHash(PIPELINE_DIRS, 'stats');
