#!/usr/bin/env node
// Installs the evaluation corpus's npm libraries (eval/package.json, exact versions) into
// eval/node_modules with `npm ci --prefix eval` when one of them is missing or at another
// version; does nothing otherwise. `npm run eval` and `npm run bench` run it first.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const EVAL = dirname(fileURLToPath(import.meta.url));
const wanted = JSON.parse(readFileSync(join(EVAL, 'package.json'), 'utf8')).dependencies;

const installedVersion = (name) => {
  const f = join(EVAL, 'node_modules', name, 'package.json');
  // (a package may write its version with a `v`: jsrender's "v1.2.0", installed as 1.2.0)
  return existsSync(f) ? String(JSON.parse(readFileSync(f, 'utf8')).version).replace(/^v/, '') : null;
};
const stale = Object.entries(wanted).filter(([name, version]) => installedVersion(name) !== version);
if (stale.length) {
  const n = Object.keys(wanted).length;
  console.error(`eval/node_modules: ${stale.length} of ${n} libraries missing or at another version (${stale.slice(0, 3).map(([k]) => k).join(', ')}${stale.length > 3 ? ', ...' : ''}): npm ci --prefix eval`);
  const r = spawnSync('npm', ['ci', '--prefix', EVAL], { stdio: 'inherit' });
  if (r.error) throw r.error;
  process.exitCode = r.status ?? 1;
}
