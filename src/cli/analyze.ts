import { parseArgs } from 'node:util';
import { analyze } from '../service/analyze.js';
import { openStore } from '../service/store.js';
import { analysisFlags, printProblems } from './analysis-flags.js';
import { bold, dim, err, json, out, progressBar, term, usage } from './common.js';
import { ANALYZE_HELP } from './help.js';


export async function analyzeCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      repo: { type: 'string' },
      db: { type: 'string' },
      'include-tests': { type: 'boolean', default: false },
      'max-file-size': { type: 'string' },
      threads: { type: 'string' },
      json: { type: 'boolean', default: false },
      verify: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) throw usage('analyze takes one PATH', ANALYZE_HELP);
  // (an empty PATH would resolve to the working directory: never what was meant)
  if (positionals[0] === '') throw usage('analyze takes one PATH, and it is empty (pass . for the working directory)', ANALYZE_HELP);
  const { maxFileSize, threads } = analysisFlags(values);
  const store = openStore(values.db, 'write');
  const bar = progressBar('analyzing');
  try {
    const s = await analyze(store, positionals[0], {
      repo: values.repo, includeTests: values['include-tests'], maxFileSize, threads, verify: values.verify, onProgress: bar.update,
    });
    bar.end();
    if (values.json) out(json(s));
    else {
      const secs = (s.ms / 1000).toFixed(2);
      const mb = s.bytes / 1024 / 1024;
      err(term`${bold(term`${s.repo}`)}${s.sha ? dim(term`@${s.sha.slice(0, 12)}`) : ''}${s.package ? term` (package ${s.package}${s.version ? term` ${s.version}` : ''})` : ''}`);
      for (const r of s.replaced) err(term`replaced ${r.records} records of ${r.repo}${r.sha ? term`@${r.sha.slice(0, 12)}` : ''}${r.path ? term` (${r.path})` : ''}`);
      if (s.unchanged) err(term`unchanged since last analysis (by file ${String(s.unchangedBy)}): ${s.files} files, ${s.records} records kept (${secs}s)`);
      else err(term`${s.files} files (${mb.toFixed(1)} MB; ${s.parsed} parsed, ${s.cached} from cache, ${s.cannotRaise} with nothing to raise), ${s.sites} sites, ${s.records} records in ${secs}s`);
      const skipped = Object.entries(s.skipped).map(([k, v]) => `${v} ${k}`).join(', ');
      if (skipped) err(dim(term`skipped: ${skipped}`));
      printProblems(s.problems, 'warning', 'problems');
    }
    return 0;
  } finally {
    bar.end();
    await store.close();
  }
}

