// Worker thread entry: analyzes batches of files sent by the pool.
import { parentPort } from 'node:worker_threads';
import { analyzeFile, type FileJob } from './analyze-file.js';

parentPort!.on('message', (msg: { id: number; jobs: FileJob[] }) => {
  parentPort!.postMessage({ id: msg.id, outcomes: msg.jobs.map(analyzeFile) });
});
