// Worker thread entry: analyzes batches of files sent by the pool.
import { parentPort } from 'node:worker_threads';
import { loadAnalyzers } from '../languages/registry.js';
import { analyzeFile, type FileJob } from './analyze-file.js';

// (each pack's analyzer imported with the first batch holding a file of its languages)
parentPort!.on('message', async (msg: { id: number; jobs: FileJob[] }) => {
  const loaded = await loadAnalyzers(msg.jobs.map((j) => j.language));
  parentPort!.postMessage({ id: msg.id, outcomes: msg.jobs.map((job) => analyzeFile(loaded, job)) });
});
