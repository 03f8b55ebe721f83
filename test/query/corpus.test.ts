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
  site: { file: string; line: number; rel: string };
  kind: string | null;
}

const load = (name: string): Case[] =>
  readFileSync(corpus(name), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Case);

/**
 * The frame a case's site is: the innermost one, or for a `native` case (the library's line that
 * called into V8 or another package) the innermost one inside the library's directory.
 */
function siteFrame(c: Case, link: ReturnType<typeof parseInput>['links'][number]) {
  if (c.kind !== 'native') return innermostFrame(link);
  const dir = c.site.file.slice(0, c.site.file.length - c.site.rel.length);
  for (let i = link.frames.length - 1; i >= 0; i--) {
    const file = link.frames[i].file.replace(/^file:\/\//, '');
    if (file.startsWith(dir) || file.startsWith('<frozen ')) return link.frames[i];
  }
  return null;
}

/** `<frozen genericpath>` is the stdlib module genericpath.py. */
const frameFile = (file: string) => (file.startsWith('<frozen ') ? file.slice(8, -1).replace(/\./g, '/') + '.py' : file);

describe.skipIf(!present)('eval corpus', () => {
  for (const lang of ['python', 'npm'] as const) {
    it(`${lang}: class, message and throw site of every case`, () => {
      const failures: string[] = [];
      for (const c of load(lang)) {
        const links = parseInput(c.trace).links;
        // Python prints the raised exception last (causes first); Node prints it first.
        const main = links.at(-1); // the error that propagated
        if (main === undefined) {
          failures.push(`${c.id}: no link`);
          continue;
        }
        const cls = main.errorClass ?? '';
        if (cls !== c.errorClass && !cls.endsWith('.' + c.errorClass) && !c.errorClass.endsWith('.' + cls)) {
          failures.push(`${c.id}: class ${cls} != ${c.errorClass}`);
        }
        if (main.message !== c.message.replace(/\n+$/, '')) failures.push(`${c.id}: message ${JSON.stringify(main.message)}`);
        const site = links.some((l) => {
          const f = siteFrame(c, l);
          if (f === null) return false;
          const file = frameFile(f.file);
          return (file === c.site.file || c.site.file.endsWith('/' + file)) && f.line === c.site.line;
        });
        if (!site) failures.push(`${c.id}: innermost frame is not ${c.site.file}:${c.site.line}`);
      }
      expect(failures).toEqual([]);
    });
  }
});
