import { parseArgs } from 'node:util';
import { badInput } from '../core/errors.js';
import { analyze, DEFAULT_MAX_FILE_SIZE } from '../service/analyze.js';
import { bold, dim, err, openStore, out, positiveInt, progressBar, yellow } from './common.js';
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
  if (positionals.length !== 1) throw badInput(`analyze takes one PATH\n\n${ANALYZE_HELP}`);
  const maxFileSize = values['max-file-size'] ? positiveInt(values['max-file-size'], '--max-file-size') : DEFAULT_MAX_FILE_SIZE;
  const threads = values.threads !== undefined ? positiveInt(values.threads, '--threads', true) : undefined;
  const store = openStore(values.db, 'write');
  const bar = progressBar('analyzing');
  try {
    const s = await analyze(store, positionals[0], {
      repo: values.repo, includeTests: values['include-tests'], maxFileSize, threads, verify: values.verify, onProgress: bar.update,
    });
    bar.end();
    if (values.json) out(JSON.stringify(s, null, 2));
    else {
      const secs = (s.ms / 1000).toFixed(2);
      const mb = s.bytes / 1024 / 1024;
      err(`${bold(s.repo)}${s.sha ? dim('@' + s.sha.slice(0, 12)) : ''}${s.package ? ` (package ${s.package}${s.version ? ' ' + s.version : ''})` : ''}`);
      for (const r of s.replaced) err(`replaced ${r.records} records of ${r.repo}${r.sha ? '@' + r.sha.slice(0, 12) : ''}${r.path ? ` (${r.path})` : ''}`);
      if (s.unchanged) err(`unchanged since last analysis (by file ${s.unchangedBy}): ${s.files} files, ${s.records} records kept (${secs}s)`);
      else err(`${s.files} files (${mb.toFixed(1)} MB; ${s.parsed} parsed, ${s.cached} from cache, ${s.cannotRaise} with nothing to raise), ${s.sites} sites, ${s.records} records in ${secs}s`);
      const skipped = Object.entries(s.skipped).map(([k, v]) => `${v} ${k}`).join(', ');
      if (skipped) err(dim(`skipped: ${skipped}`));
      for (const p of s.problems.slice(0, 20)) err(yellow(`warning: ${p.path}: ${p.problem}`));
      if (s.problems.length > 20) err(yellow(`... and ${s.problems.length - 20} more problems (see --json)`));
    }
    return 0;
  } finally {
    bar.end();
    await store.close();
  }
}

