// Baseline worker: parses files with the same grammars and does nothing else. It
// speaks the analysis pool's messages, so the bench feeds it through the same
// pool (createPool) as the analysis: same batches, same dispatch.
import { parentPort } from 'node:worker_threads';
import { loadAnalyzers } from '../src/languages/registry.js';
import type { FileJob } from '../src/scan/analyze-file.js';

parentPort?.on('message', async (msg: { id: number; jobs: FileJob[] }) => {
  // (the packs of the batch's languages, as the analysis's worker loads them)
  const loaded = await loadAnalyzers(msg.jobs.map((j) => j.language));
  let nodes = 0;
  for (const j of msg.jobs) nodes += loaded.language(j.language)!.parse(j.text, j.rel).root().children().length;
  parentPort!.postMessage({ id: msg.id, outcomes: [], nodes });
});
