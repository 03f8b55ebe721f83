// Profiling aid for the match stage: loads the MatchIndex from an analyzed index
// (ERRDEX_BENCH_DB, default .errdex/bench.sqlite) and runs the evaluation inputs
// through rankLink in a loop, as bench/run.ts times them. Run under
// `node --cpu-prof dist-tools/bench/match-loop.js [passes]`.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MatchIndex } from '../src/match/index.js';
import { rankLink } from '../src/match/rank.js';
import { parseInput } from '../src/query/parse.js';
import { SqliteStore } from '../src/store/sqlite.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');

const pctl = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

function main() {
  const db = path.resolve(REPO, process.env.ERRDEX_BENCH_DB ?? '.errdex/bench.sqlite');
  const store = new SqliteStore(db);
  const index = new MatchIndex(store.matchRows());
  store.close();
  const inputs: string[] = [];
  const corpus = path.join(REPO, 'eval/corpus');
  for (const f of fs.readdirSync(corpus).filter((x) => x.endsWith('.jsonl'))) {
    for (const l of fs.readFileSync(path.join(corpus, f), 'utf8').split('\n').filter(Boolean)) {
      const c = JSON.parse(l);
      inputs.push(c.trace, c.message);
    }
  }
  const parsed = inputs.map((t) => parseInput(t).links);
  const passes = Number(process.argv[2] ?? 20);
  // A digest of every ranking, so a change that alters results shows up.
  let digest = '';
  for (const links of parsed) for (const l of links) for (const k of [5, 10]) digest += JSON.stringify(rankLink(index, l, k).map((h) => [h.row.key, h.score, h.matchType, h.captures, h.why, h.frame])) + '\n';
  for (let p = 0; p < passes; p++) {
    const times: number[] = [];
    for (const links of parsed) {
      const t0 = performance.now();
      for (const l of links) rankLink(index, l, 5);
      times.push(performance.now() - t0);
    }
    if (p === 0 || p === passes - 1) console.log(`pass ${p}: p50 ${(pctl(times, 50) * 1000).toFixed(1)} µs, p90 ${(pctl(times, 90) * 1000).toFixed(1)} µs, mean ${((times.reduce((a, b) => a + b, 0) / times.length) * 1000).toFixed(1)} µs`);
  }
  if (process.env.DIGEST) fs.writeFileSync(process.env.DIGEST, digest);
}

main();
