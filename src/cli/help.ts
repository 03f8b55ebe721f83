// Usage text of every command: kept apart from the commands so that printing help, or
// running one command, loads no other command's code.

import { term } from './terminal.js';

export const ANALYZE_HELP = term`errdex analyze PATH [--repo owner/name] [--db FILE] [--include-tests] [--max-file-size BYTES] [--threads N] [--verify] [--json]

Extract every error-raising site under PATH into the index. A tree is its repo,
commit and path: re-analyzing the same tree replaces its records in one
transaction, and says so; a subdirectory or one file is a tree of its own. A tree whose
files' sizes, times and inodes are as last read is unchanged without being
read; --verify reads and hashes every file anyway.`;

export const INDEX_HELP = term`errdex index [DIR] [--db FILE] [--include-tests] [--max-file-size BYTES] [--threads N] [--verify] [--json]

Index the project at or above DIR (default: the working directory) and every
package installed for it: node_modules (hoisted, nested, workspaces, pnpm's
store) and virtual environments in the project (.venv, venv, env, $VIRTUAL_ENV),
read from manifests and metadata, never by running anything. Each package
version is its own tree; one already indexed with the same files (from another
project or an earlier run) is reused without being read. A tree whose files'
and directories' stats are as the last run left them is not even walked;
--verify walks every tree and reads and hashes its files anyway.`;

export const GC_HELP = term`errdex gc [--db FILE] [--json]

Remove the installed-package trees (from errdex index) that no project's last
index run found any more, with their records. Trees from errdex analyze stay.`;

export const EXPLAIN_HELP = term`errdex explain [TEXT | --file FILE | -] [--db FILE] [--limit N] [--json] [--no-index]

Find the sites that produced an error message, a stack trace or a whole log.
With no TEXT and no --file, reads stdin. Exit code 4 when nothing matches confidently.
Run inside a project, a frame in an installed package the index lacks gets that
package indexed first (--no-index: never).`;

export const SHOW_HELP = term`errdex show ID [--db FILE]

Print the full record(s) with this id as JSON (one per analyzed tree that has it).`;

export const STATS_HELP = term`errdex stats [--db FILE] [--json]

Trees, records by language and by error type, and cache size of the index.`;

export const SCHEMA_HELP = term`errdex schema

Print the JSON Schema (draft 2020-12) of a record, generated from the zod schema.`;

export const SERVE_HELP = term`errdex serve [--host 127.0.0.1] [--port 7070] [--db FILE] [--quiet] [--time-limit MS] [--max-concurrent N] [--workers N]

Serve the index over HTTP: pages to paste an error into and browse records, and a JSON API
under /v1 (OpenAPI at /openapi.json). Reads the index read-only and sees what a running
\`errdex analyze\` commits. Loopback only unless --host says otherwise; --port 0 picks a free
port. One JSON access-log line per request on stderr (--quiet: none). An explain that runs past
--time-limit (default 10000 ms) is answered 503; past --max-concurrent requests at once
(default 32), more are answered 503. --workers N serves from N processes (one per core
serves the most requests).`;

export const MCP_HELP = term`errdex mcp [--db FILE]

A Model Context Protocol server over stdio, for coding agents: tools errdex_explain,
errdex_search, errdex_get_record and errdex_list_trees, and records as resources.`;
