#!/usr/bin/env node
// errdex command line: one file per command; this one only dispatches and maps
// errors to exit codes (documented in the README).

import { ANALYZE_HELP, EXPLAIN_HELP, GC_HELP, INDEX_HELP, MCP_HELP, SCHEMA_HELP, SERVE_HELP, SHOW_HELP, STATS_HELP } from './help.js';
import { ErrdexError, badInput } from '../core/errors.js';
import { EXIT, EXIT_FOR_KIND } from './errors.js';
import { err, errorText, out, red } from './common.js';
import { multiline, term } from './terminal.js';

type Command = (argv: string[]) => Promise<number>;

// Loaded on use: `explain` need not load the analyzer (parsers, frontends), nor `show` the matcher.
const COMMANDS: Record<string, () => Promise<Command>> = {
  analyze: async () => (await import('./analyze.js')).analyzeCommand,
  index: async () => (await import('./index-command.js')).indexCommand,
  gc: async () => (await import('./gc.js')).gcCommand,
  explain: async () => (await import('./explain.js')).explainCommand,
  show: async () => (await import('./show.js')).showCommand,
  stats: async () => (await import('./stats.js')).statsCommand,
  schema: async () => (await import('./schema.js')).schemaCommand,
  serve: async () => (await import('./serve.js')).serveCommand,
  mcp: async () => (await import('./mcp.js')).mcpCommand,
};

const HELP = term`errdex: an error index built from source code

${ANALYZE_HELP}

${INDEX_HELP}

${GC_HELP}

${EXPLAIN_HELP}

${SHOW_HELP}

${STATS_HELP}

${SCHEMA_HELP}

${SERVE_HELP}

${MCP_HELP}

The index defaults to .errdex/index.sqlite in the working directory (or $ERRDEX_DB).
Exit codes: 0 ok, 1 internal error, 2 bad arguments or input, 3 index unusable, 4 no confident match.`;

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (!cmd || cmd === '--help' || cmd === '-h' || cmd === 'help') {
    out(HELP);
    return cmd ? EXIT.ok : EXIT.usage;
  }
  const load = COMMANDS[cmd];
  if (!load) throw badInput(`unknown command "${cmd}"; commands: ${Object.keys(COMMANDS).join(', ')}`);
  if (rest.includes('--help') || rest.includes('-h')) {
    out(HELP);
    return EXIT.ok;
  }
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // (the exit code first: the message may meet a closed stderr)
    if (e instanceof ErrdexError) {
      process.exitCode = EXIT_FOR_KIND[e.kind];
      err(red(errorText(e)));
    } else if ((e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.exitCode = EXIT.usage;
      err(red(term`errdex: ${(e as Error).message}`));
    } else {
      process.exitCode = EXIT.internal;
      err(red(term`errdex: internal error: ${multiline(String((e as Error).stack ?? e))}`));
    }
  },
);
