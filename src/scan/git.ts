// Reads a tree's git identity (remote repo name and HEAD commit) straight from
// the .git directory. Running `git` in an untrusted tree could execute its
// configured hooks or fsmonitor; reading two files cannot.

import fs from 'node:fs';
import path from 'node:path';
import { CAPS, readGuardedText } from './read.js';

export interface GitInfo {
  /** The worktree top. */
  top: string;
  repo: string | null;
  sha: string | null;
}

export interface FindGitOptions {
  /**
   * Look for the repository in the directories above `start` too (else only at `start`). A
   * repository above is used only when the user named no repository (`--repo`).
   */
  parents: boolean;
}

const SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** A ref name as git writes it: `refs/…`, no `..` component, no control or special characters. */
const REF = /^refs\/(?:[A-Za-z0-9_+@-][A-Za-z0-9_.+@-]*\/)*[A-Za-z0-9_+@-][A-Za-z0-9_.+@-]*$/;
const isRef = (ref: string) => REF.test(ref) && !ref.split('/').some((c) => c === '..' || c.startsWith('.') || c.endsWith('.lock'));

/** Who may own a repository errdex trusts: the user running it (as git's safe.directory rule). */
const uid = typeof process.getuid === 'function' ? process.getuid() : null;
const ownedByUser = (st: fs.Stats) => uid === null || st.uid === uid;

export function findGit(start: string, opts: FindGitOptions = { parents: true }): GitInfo | null {
  let dir = path.resolve(start);
  for (;;) {
    const gitPath = path.join(dir, '.git');
    let st: fs.Stats | null = null;
    try {
      st = fs.lstatSync(gitPath);
    } catch {
      /* no .git here */
    }
    if (st) {
      // A .git planted by someone else (in /tmp, a shared directory) names nothing for the tree.
      let top: fs.Stats;
      try {
        top = fs.statSync(dir);
      } catch {
        return null;
      }
      if (!ownedByUser(st) || !ownedByUser(top)) return null;
      let gitDir = gitPath;
      if (st.isFile()) {
        const text = readGuardedText(gitPath, dir, CAPS.gitRef);
        const m = text === null ? null : /^gitdir:\s*(.+)$/m.exec(text);
        if (!m) return null;
        gitDir = path.resolve(dir, m[1].trim());
        if (!ownedDir(gitDir)) return null;
      } else if (!st.isDirectory()) return null;
      return { top: dir, repo: remoteRepo(gitDir), sha: headSha(gitDir) };
    }
    const parent = path.dirname(dir);
    if (parent === dir || !opts.parents) return null;
    dir = parent;
  }
}

const ownedDir = (d: string): boolean => {
  try {
    const st = fs.statSync(d);
    return st.isDirectory() && ownedByUser(st);
  } catch {
    return false;
  }
};

/** HEAD's commit: a SHA, or the SHA a well-formed `refs/…` name holds (loose or packed); null otherwise. */
function headSha(gitDir: string): string | null {
  const head = readGuardedText(path.join(gitDir, 'HEAD'), gitDir, CAPS.gitRef)?.trim();
  if (!head) return null;
  if (SHA.test(head)) return head;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref || !isRef(ref)) return null;
  const common = commonDir(gitDir);
  for (const d of [gitDir, common]) {
    const sha = readGuardedText(path.join(d, ref), d, CAPS.gitRef)?.trim();
    if (sha !== undefined) return SHA.test(sha) ? sha : null;
  }
  const packed = readGuardedText(path.join(common, 'packed-refs'), common, CAPS.packedRefs);
  if (packed !== null) {
    for (const line of packed.split('\n')) {
      const [sha, name] = line.split(' ');
      if (name === ref) return SHA.test(sha) ? sha : null;
    }
  }
  return null;
}

/** The repository's common directory (a linked worktree's `commondir`), when the user owns it. */
function commonDir(gitDir: string): string {
  const rel = readGuardedText(path.join(gitDir, 'commondir'), gitDir, CAPS.gitRef)?.trim();
  if (!rel) return gitDir;
  const common = path.resolve(gitDir, rel);
  return ownedDir(common) ? common : gitDir;
}

function remoteRepo(gitDir: string): string | null {
  const common = commonDir(gitDir);
  const config = readGuardedText(path.join(common, 'config'), common, CAPS.gitConfig);
  if (config === null) return null;
  const section = /\[remote "origin"\]([^[]*)/.exec(config)?.[1] ?? /\[remote "[^"]+"\]([^[]*)/.exec(config)?.[1];
  const url = section && /^\s*url\s*=\s*(.+)$/m.exec(section)?.[1].trim();
  return url ? repoFromUrl(url) : null;
}

/** `https://github.com/apache/beam.git`, `git@github.com:apache/beam`, `github:apache/beam` → `apache/beam`. */
export function repoFromUrl(url: string): string | null {
  const u = url.trim();
  // A clone of a local path names no hosted repository: the caller falls back (package, directory).
  if (/^(?:[/.~]|file:|[A-Za-z]:[\\/])/.test(u)) return null;
  // package.json shorthand: `owner/name`, `github:owner/name`
  const short = /^(?:github:|gitlab:|bitbucket:)?([\w.-]+)\/([\w.-]+?)(?:\.git)?$/.exec(u);
  if (short) return `${short[1]}/${short[2]}`;
  const m = /(?:[:/])([^/:\s]+)\/([^/\s]+?)(?:\.git)?\/?$/.exec(u);
  // (a name of other characters than hosts allow is no repository: it may carry escape sequences)
  return m && /^[\w.-]+$/.test(m[1]) && /^[\w.-]+$/.test(m[2]) ? `${m[1]}/${m[2]}` : null;
}
