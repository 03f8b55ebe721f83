// Reads a tree's git identity (remote repo name and HEAD commit) straight from
// the .git directory. Running `git` in an untrusted tree could execute its
// configured hooks or fsmonitor; reading two files cannot.

import fs from 'node:fs';
import path from 'node:path';

export interface GitInfo {
  /** The worktree top. */
  top: string;
  repo: string | null;
  sha: string | null;
}

export function findGit(start: string): GitInfo | null {
  let dir = path.resolve(start);
  for (;;) {
    const gitPath = path.join(dir, '.git');
    if (fs.existsSync(gitPath)) {
      let gitDir = gitPath;
      if (fs.statSync(gitPath).isFile()) {
        const m = /^gitdir:\s*(.+)$/m.exec(fs.readFileSync(gitPath, 'utf8'));
        if (!m) return null;
        gitDir = path.resolve(dir, m[1].trim());
      }
      return { top: dir, repo: remoteRepo(gitDir), sha: headSha(gitDir) };
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

function headSha(gitDir: string): string | null {
  try {
    const head = fs.readFileSync(path.join(gitDir, 'HEAD'), 'utf8').trim();
    if (/^[0-9a-f]{40}$/.test(head)) return head;
    const ref = /^ref:\s*(.+)$/.exec(head)?.[1];
    if (!ref) return null;
    const common = commonDir(gitDir);
    for (const d of [gitDir, common]) {
      const f = path.join(d, ref);
      if (fs.existsSync(f)) return fs.readFileSync(f, 'utf8').trim();
    }
    const packed = path.join(common, 'packed-refs');
    if (fs.existsSync(packed)) {
      for (const line of fs.readFileSync(packed, 'utf8').split('\n')) {
        const [sha, name] = line.split(' ');
        if (name === ref) return sha;
      }
    }
  } catch {
    /* an unreadable HEAD means no commit */
  }
  return null;
}

function commonDir(gitDir: string): string {
  const f = path.join(gitDir, 'commondir');
  return fs.existsSync(f) ? path.resolve(gitDir, fs.readFileSync(f, 'utf8').trim()) : gitDir;
}

function remoteRepo(gitDir: string): string | null {
  try {
    const config = fs.readFileSync(path.join(commonDir(gitDir), 'config'), 'utf8');
    const section = /\[remote "origin"\]([^[]*)/.exec(config)?.[1] ?? /\[remote "[^"]+"\]([^[]*)/.exec(config)?.[1];
    const url = section && /^\s*url\s*=\s*(.+)$/m.exec(section)?.[1].trim();
    return url ? repoFromUrl(url) : null;
  } catch {
    return null;
  }
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
  return m ? `${m[1]}/${m[2]}` : null;
}
