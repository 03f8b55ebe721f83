// Worker thread entry: analyzes batches of files sent by the pool.
import { parentPort } from 'node:worker_threads';
import { loadAnalyzers } from '../languages/registry.js';
import { analyzeFile, type FileJob } from './analyze-file.js';

// (imported once, while the first batch is on its way)
const analyzers = loadAnalyzers();
parentPort!.on('message', async (msg: { id: number; jobs: FileJob[] }) => {
  const loaded = await analyzers;
  parentPort!.postMessage({ id: msg.id, outcomes: msg.jobs.map((job) => analyzeFile(loaded, job)) });
});
