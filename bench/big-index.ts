// A large index for the start-up bench, synthesized from a real one: every tree and record of
// a seed index (the evaluation index: real trees analyzed by errdex) copied until the target
// count is reached. Copy c of a tree is another tree (`repo~c`, its package renamed `package-c`
// so frames into the real package do not land on it) whose records have other ids and file
// paths (`c<c>/…`); odd copies keep every message as it is (the same message vendored in many
// packages: lookups on it find many candidates), even copies change one literal word of each
// message (`value` → `valueq3`, from a small set of suffixes: other messages sharing most words).
// Built once (minutes) and cached in .errdex/ under a name keyed by its recipe.
//
//   node --max-old-space-size=12000 dist-tools/bench/big-index.js SEED TARGET   → prints the path

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SqliteStore } from '../src/store/sqlite.js';

/** Bumped when the recipe changes (the cache key includes it). */
const RECIPE = 'copies-v1';

/** The cached index's path for this seed and target (the seed named by its records' ids, which derive from their contents). */
export function bigIndexPath(seed: string, target: number, dir: string): string {
  const db = new Database(seed, { readonly: true });
  const h = crypto.createHash('sha256').update(`${RECIPE}\0${target}`);
  for (const id of db.prepare(`SELECT id FROM records ORDER BY id`).pluck().iterate() as Iterable<string>) h.update(`\0${id}`);
  db.close();
  return path.join(dir, `big-${target}-${h.digest('hex').slice(0, 12)}.sqlite`);
}

const WORD = /[A-Za-z0-9_]{3,}/g;

/** Changes one literal word of each variant (the `k`-th word of the template's literals, wrapped), for copy `c`. */
function perturb(variants: { lines: number[]; template: ({ lit: string } | { hole: unknown })[] }[], c: number, salt: number) {
  for (const v of variants) {
    const words = v.template.flatMap((seg, i) => ('lit' in seg ? [...seg.lit.matchAll(WORD)].map((m) => ({ i, at: m.index!, w: m[0] })) : []));
    if (words.length === 0) continue;
    const pick = words[(salt + c) % words.length];
    const seg = v.template[pick.i] as { lit: string };
    seg.lit = seg.lit.slice(0, pick.at) + `${pick.w}q${c % 7}` + seg.lit.slice(pick.at + pick.w.length);
  }
  return variants;
}

export function buildBigIndex(seed: string, target: number, file: string): void {
  const tmp = `${file}.building`;
  fs.rmSync(tmp, { force: true });
  fs.rmSync(`${tmp}-wal`, { force: true });
  fs.rmSync(`${tmp}-shm`, { force: true });
  void new SqliteStore(tmp).close(); // (the schema)
  const src = new Database(seed, { readonly: true });
  const trees = src.prepare(`SELECT * FROM trees ORDER BY tree_id`).all() as Record<string, unknown>[];
  const records = src.prepare(`SELECT * FROM records ORDER BY rowid`).all() as Record<string, string | number | null>[];
  src.close();
  const byTree = new Map<number, typeof records>();
  for (const r of records) {
    const list = byTree.get(r.tree_id as number) ?? [];
    list.push(r);
    byTree.set(r.tree_id as number, list);
  }
  const db = new Database(tmp);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const insTree = db.prepare(`INSERT INTO trees (repo, sha, root, package, version, fingerprint, entry_dirs, analyzed_at, files, records, stat_check)
    VALUES (@repo, @sha, @root, @package, @version, @fingerprint, @entry_dirs, @analyzed_at, @files, @records, @stat_check) RETURNING tree_id`);
  const insRec = db.prepare(`INSERT INTO records (tree_id, id, language, error_class, error_code, file_path, line, template, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  let written = 0;
  db.transaction(() => {
    for (let c = 0; written < target; c++) {
      for (const t of trees) {
        if (written >= target) break;
        const rs = byTree.get(t.tree_id as number) ?? [];
        const copy = c === 0 ? t : { ...t, repo: `${t.repo}~${c}`, root: `${t.root}~${c}`, package: t.package ? `${t.package}-${c}` : null };
        const { tree_id } = insTree.get({ ...copy, records: Math.min(rs.length, target - written) }) as { tree_id: number };
        rs.forEach((r, k) => {
          if (written >= target) return;
          written++;
          if (c === 0) {
            insRec.run(tree_id, r.id, r.language, r.error_class, r.error_code, r.file_path, r.line, r.template, r.json);
            return;
          }
          const id = crypto.createHash('sha1').update(`${c}\0${r.id}`).digest('hex').slice(0, 16);
          const filePath = `c${c}/${r.file_path}`;
          const variants = JSON.parse(r.template as string);
          const json = JSON.parse(r.json as string);
          json.id = id;
          json.filePath = filePath;
          insRec.run(tree_id, id, r.language, r.error_class, r.error_code, filePath, r.line,
            JSON.stringify(c % 2 === 0 ? perturb(variants, c, k) : variants), JSON.stringify(json));
        });
      }
    }
  })();
  db.close();
}

async function main() {
  const [seed, targetArg] = process.argv.slice(2);
  const target = Number(targetArg);
  const file = bigIndexPath(seed, target, path.dirname(path.resolve(seed)));
  if (!fs.existsSync(file)) {
    const t0 = performance.now();
    buildBigIndex(seed, target, file);
    const t1 = performance.now();
    const store = new SqliteStore(`${file}.building`);
    await store.writeMatchIndex();
    await store.close();
    for (const ext of ['-wal', '-shm']) fs.rmSync(`${file}.building${ext}`, { force: true });
    fs.renameSync(`${file}.building`, file);
    console.error(`built ${file}: records ${((t1 - t0) / 1000).toFixed(0)} s, match index ${((performance.now() - t1) / 1000).toFixed(0)} s`);
  }
  console.log(file);
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) void main();
