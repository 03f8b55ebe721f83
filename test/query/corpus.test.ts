import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { parseInput, innermostFrame } from '../../src/query/parse.js';

// eval/corpus holds real tracebacks and uncaught-error outputs with their true
// throw sites (see eval/README.md). The parser must recover, for every case, the
// printed class, the message (as str(exc) / err.message) and the throw-site frame.
const corpus = (name: string) => new URL(`../../eval/corpus/${name}.jsonl`, import.meta.url);
const present = existsSync(corpus('python')) && existsSync(corpus('npm'));

interface Case {
  id: string;
  errorClass: string;
  message: string;
  trace: string;
  site: { file: string; line: number };
  kind?: string;
}

const load = (name: string): Case[] =>
  readFileSync(corpus(name), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Case);

/** `<frozen genericpath>` is the stdlib module genericpath.py. */
const frameFile = (file: string) => (file.startsWith('<frozen ') ? file.slice(8, -1).replace(/\./g, '/') + '.py' : file);

/**
 * Cases whose printed text cannot be read back as one error, with why (the eval scores them as they are).
 * js-joda writes its cause's whole stack into its own message (`Caused by: …`, frame lines, `-------`),
 * so V8's frames of the outer error follow a block of the cause's: the text reads as two stacks.
 * stylus writes an excerpt, the inner error's `TypeError: …` and its own stack of the stylesheet (`at
 * "body" (stylus:2:1)`) into its message, then V8's frames follow a blank line: three errors to read.
 * pyScss's SassParseError (py-scss-03) writes the inner error's Python traceback (`Traceback:`, its
 * frames, `SyntaxError: if() must have …`) into its own message: the text ends as the inner error.
 */
const UNREADABLE = new Set(['npm-js-joda-core-01', 'npm-stylus-04', 'py-scss-03']);

describe.skipIf(!present)('eval corpus', () => {
  for (const lang of ['python', 'npm'] as const) {
    it(`${lang}: class, message and throw site of every case`, () => {
      const failures: string[] = [];
      for (const c of load(lang)) {
        if (UNREADABLE.has(c.id)) continue;
        const links = parseInput(c.trace).links;
        // Python prints the raised exception last (causes first); Node prints it first.
        const main = links.at(-1); // the error that propagated
        if (main === undefined) {
          failures.push(`${c.id}: no link`);
          continue;
        }
        const cls = main.errorClass ?? '';
        // (a name of several words, `Squirrelly Error`, reads as its last: a log line's prefix before
        // `Error: …` is not part of the class either)
        if (cls !== c.errorClass && !cls.endsWith('.' + c.errorClass) && !c.errorClass.endsWith('.' + cls) && !c.errorClass.endsWith(' ' + cls)) {
          failures.push(`${c.id}: class ${cls} != ${c.errorClass}`);
        }
        // (a SyntaxError's str() adds the place the trace prints on lines of its own: `msg (<input>, line 1)`;
        // a message's leading and trailing whitespace is not kept, as the matcher trims it too; a
        // message grown after the stack was captured, css-tree's, is printed as it was then; a
        // terminal's colour codes in it, sqlglot's underline of the bad token, are taken off as a log's are)
        // eslint-disable-next-line no-control-regex
        const message = c.message.replace(/\x1b\[[0-9;]*m/g, '').trim();
        const read = main.message.trim();
        const grown = !c.trace.includes(message) && message.startsWith(read + '\n');
        // (Python 3.11's traceback adds a suggestion its str() lacks: `… Did you mean: 'real'?`)
        const suggested = read.startsWith(message + '. Did you mean: ');
        if (read !== message && !grown && !suggested && !(cls === 'SyntaxError' && message.startsWith(read + ' ('))) {
          failures.push(`${c.id}: message ${JSON.stringify(main.message)}`);
        }
        // The site is the innermost frame, or for an error raised in native code or another package
        // (kind `native`) the innermost frame inside the library: one of the frames.
        const at = (f: { file: string; line: number | null } | null) => {
          if (f === null) return false;
          const file = frameFile(f.file.replace(/^file:\/\//, ''));
          return (file === c.site.file || c.site.file.endsWith('/' + file)) && f.line === c.site.line;
        };
        const site = links.some((l) => (c.kind === 'native' ? l.frames.some(at) : at(innermostFrame(l))));
        if (!site) failures.push(`${c.id}: ${c.kind === 'native' ? 'no frame' : 'innermost frame'} is not ${c.site.file}:${c.site.line}`);
      }
      expect(failures).toEqual([]);
    });
  }
});
