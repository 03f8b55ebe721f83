import { parseArgs } from 'node:util';
import { indexProject } from '../service/index-project.js';
import { analysisFlags, printProblems } from './analysis-flags.js';
import { bold, err, json, out, progressBar, term, usage, yellow } from './common.js';
import { INDEX_HELP } from './help.js';
import { openStore } from '../service/store.js';

export async function indexCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      db: { type: 'string' },
      'include-tests': { type: 'boolean', default: false },
      'max-file-size': { type: 'string' },
      threads: { type: 'string' },
      verify: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length > 1) throw usage('index takes at most one DIR', INDEX_HELP);
  if (positionals[0] === '') throw usage('index takes a DIR, and it is empty (pass . for the working directory)', INDEX_HELP);
  const { maxFileSize, threads } = analysisFlags(values);
  const store = openStore(values.db, 'write');
  const bar = progressBar('indexing', 'packages');
  try {
    const s = await indexProject(store, positionals[0] ?? '.', { includeTests: values['include-tests'], maxFileSize, threads, verify: values.verify, onProgress: bar.update });
    bar.end();
    if (values.json) out(json(s));
    else {
      err(term`${bold(term`${s.project}`)}: ${s.own ? term`own code ${s.own.files} files, ${s.own.records} records; ` : ''}${s.found} packages installed`);
      err(term`${s.analyzed} analyzed, ${s.reused} reused (same version, same files, already indexed), ${s.failed} failed; ${s.records} records in ${(s.ms / 1000).toFixed(2)}s`);
      for (const p of s.packages.filter((x) => x.status === 'failed')) err(yellow(term`failed: ${p.ecosystem}:${p.name}@${p.version} (${p.path}): ${p.problem ?? ''}`));
      printProblems(s.skipped, 'skipped', 'skipped');
    }
    return 0;
  } finally {
    bar.end();
    await store.close();
  }
}
