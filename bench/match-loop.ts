// Profiling aid for the match stage: loads the MatchIndex from an analyzed index
// (ERRDEX_BENCH_DB, default .errdex/bench.sqlite) and runs the evaluation inputs
// through rankLink: a pass of whole explains (which fetches records, as the bench
// does before timing the match stage), then a pass of the match stage alone; repeated. Run under
// `node --cpu-prof dist-tools/bench/match-loop.js [passes]`.
// DIGEST=file writes every ranking (limits 5 and 10), to compare results across changes.
// LAZY=1 ranks with the persisted index (match/lazy.ts; written first when the index has none).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { explain } from '../src/service/explain.js';
import { MatchIndex } from '../src/match/index.js';
import type { MatchLookup } from '../src/match/row.js';
import { LazyMatchIndex } from '../src/match/lazy.js';
import { rankLink } from '../src/match/rank.js';
import { parseInput } from '../src/query/parse.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { evaluationInputs, pctl } from './inputs.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');

const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

async function main() {
  const db = path.resolve(REPO, process.env.ERRDEX_BENCH_DB ?? '.errdex/bench.sqlite');
  const store = new SqliteStore(db);
  let index: MatchLookup;
  if (process.env.LAZY) {
    let source = await store.matchSource();
    if (!source) {
      await store.writeMatchIndex();
      source = (await store.matchSource())!;
    }
    index = new LazyMatchIndex(source);
  } else index = new MatchIndex(await store.matchRows());
  const inputs = evaluationInputs(REPO);
  const parsed = inputs.map((t) => parseInput(t).links);
  if (process.env.DIGEST) {
    let digest = '';
    for (const links of parsed) {
      for (const l of links) {
        for (const k of [5, 10]) digest += JSON.stringify(rankLink(index, l, k).map((h) => [h.row.key, h.lines, h.score, h.matchType, h.captures, h.why, h.frame, h.copies])) + '\n';
      }
    }
    fs.writeFileSync(process.env.DIGEST, digest);
  }
  const passes = Number(process.argv[2] ?? 10);
  const p50s: number[] = [];
  for (let p = 0; p < passes; p++) {
    for (const t of inputs) await explain(store, t, { index });
    const times: number[] = [];
    for (const links of parsed) {
      const t0 = performance.now();
      for (const l of links) rankLink(index, l, 5);
      times.push(performance.now() - t0);
    }
    p50s.push(pctl(times, 50));
    console.log(`pass ${p}: p50 ${us(pctl(times, 50))}, p90 ${us(pctl(times, 90))}, mean ${us(times.reduce((a, b) => a + b, 0) / times.length)}`);
  }
  console.log(`median p50 over ${passes} passes: ${us(pctl(p50s, 50))}`);
  await store.close();
}

void main();
