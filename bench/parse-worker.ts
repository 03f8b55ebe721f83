// Baseline worker: parses files with the same grammars and does nothing else.
import { parentPort } from 'node:worker_threads';
import { parseSource, type Grammar } from '../src/languages/parser.js';

parentPort!.on('message', (msg: { id: number; jobs: { grammar: Grammar; text: string }[] }) => {
  let nodes = 0;
  for (const j of msg.jobs) nodes += parseSource(j.grammar, j.text).root().children().length;
  parentPort!.postMessage({ id: msg.id, nodes });
});
