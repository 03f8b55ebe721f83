#!/usr/bin/env node
// errdex command line: one file per command; this one only dispatches and maps
// errors to exit codes (documented in the README).

import { analyzeCommand, ANALYZE_HELP } from './analyze.js';
import { explainCommand, EXPLAIN_HELP } from './explain.js';
import { showCommand, SHOW_HELP } from './show.js';
import { statsCommand, STATS_HELP } from './stats.js';
import { schemaCommand, SCHEMA_HELP } from './schema.js';
import { EXIT, UserError } from './errors.js';
import { err, red } from './common.js';

const COMMANDS: Record<string, (argv: string[]) => Promise<number>> = {
  analyze: analyzeCommand,
  explain: explainCommand,
  show: showCommand,
  stats: statsCommand,
  schema: schemaCommand,
};

const HELP = `errdex: an error index built from source code

${ANALYZE_HELP}

${EXPLAIN_HELP}

${SHOW_HELP}

${STATS_HELP}

${SCHEMA_HELP}

The index defaults to .errdex/index.sqlite in the working directory (or $ERRDEX_DB).
Exit codes: 0 ok, 1 internal error, 2 bad arguments or input, 3 index unusable, 4 no confident match.`;

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    process.stdout.write(HELP + '\n');
    return cmd ? EXIT.ok : EXIT.usage;
  }
  const run = COMMANDS[cmd];
  if (!run) throw new UserError(`unknown command "${cmd}"; commands: ${Object.keys(COMMANDS).join(', ')}`);
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(HELP + '\n');
    return EXIT.ok;
  }
  return run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    if (e instanceof UserError) {
      err(red(`errdex: ${e.message}`));
      process.exitCode = e.exitCode;
    } else if ((e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      err(red(`errdex: ${(e as Error).message}`));
      process.exitCode = EXIT.usage;
    } else {
      err(red(`errdex: internal error: ${(e as Error).stack ?? e}`));
      process.exitCode = EXIT.internal;
    }
  },
);
