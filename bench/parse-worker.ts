// Baseline worker: parses files with the same grammars and does nothing else. It
// speaks the analysis pool's messages, so the bench feeds it through the same
// pool (createPool) as the analysis: same batches, same dispatch.
import { parentPort } from 'node:worker_threads';
import { languageByName } from '../src/languages/registry.js';
import type { FileJob } from '../src/scan/analyze-file.js';

export const parseFile = (j: FileJob) => languageByName(j.language)!.parse(j.text, j.rel);

parentPort?.on('message', (msg: { id: number; jobs: FileJob[] }) => {
  let nodes = 0;
  for (const j of msg.jobs) nodes += parseFile(j).root().children().length;
  parentPort!.postMessage({ id: msg.id, outcomes: [], nodes });
});
