// Baseline worker: parses files with the same grammars and does nothing else. It
// speaks the analysis pool's messages, so the bench feeds it through the same
// pool (createPool) as the analysis: same batches, same dispatch.
import { parentPort } from 'node:worker_threads';
import { parseSource, type Grammar } from '../src/languages/parser.js';
import type { FileJob } from '../src/scan/analyze-file.js';

export const grammarOf = (rel: string, language: string): Grammar =>
  language === 'python' ? 'python' : language === 'typescript' ? (rel.toLowerCase().endsWith('.tsx') ? 'tsx' : 'typescript') : 'javascript';

parentPort?.on('message', (msg: { id: number; jobs: FileJob[] }) => {
  let nodes = 0;
  for (const j of msg.jobs) nodes += parseSource(grammarOf(j.rel, j.language), j.text).root().children().length;
  parentPort!.postMessage({ id: msg.id, outcomes: [], nodes });
});
