// The evaluation's Kotlin kit (eval/jvm-kit) and the cases the JVM printed for it
// (eval/corpus/jvm.jsonl, made by eval/gen/jvm_cases.mjs with Debian's kotlinc): real code and
// real messages for the JVM pack's end-to-end tests.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { errdex, explainOutput, write } from './cli.js';

const REPO = path.resolve(import.meta.dirname, '../..');

/** The kit's source directory, as its files sit in the kit and in a test's copy of it. */
export const KIT = 'src/main/kotlin/org/errdex/kit';

export interface JvmCase {
  id: string;
  message: string;
  trace: string;
  site: { rel: string; line: number };
}

/** The JVM cases of the evaluation corpus, by id. */
export function jvmCorpus(): Map<string, JvmCase> {
  const lines = fs.readFileSync(path.join(REPO, 'eval/corpus/jvm.jsonl'), 'utf8').split('\n').filter(Boolean);
  return new Map(lines.map((l) => JSON.parse(l) as JvmCase).map((c) => [c.id, c]));
}

/** Copies these files of the kit into `root`, at the same paths. */
export function copyKit(root: string, files: string[]): void {
  for (const f of files) write(root, `${KIT}/${f}`, fs.readFileSync(path.join(REPO, 'eval/jvm-kit', KIT, f)));
}

/**
 * The first answer, from the index `db`, for a case's message and for its trace names the case's
 * site (`rel`, its line), and the message's answer is a template: the record's text, returned.
 */
export function expectKitSite(corpus: Map<string, JvmCase>, db: string, id: string, rel: string): string {
  const c = corpus.get(id)!;
  expect(c.site.rel, id).toBe(rel);
  let text = '';
  for (const input of [c.message, c.trace]) {
    const h = explainOutput(errdex(['explain', input, '--db', db, '--json']).stdout).hits[0];
    expect(h.record.filePath, `${id}: ${input}`).toBe(rel);
    expect(h.lines, id).toContain(c.site.line);
    if (input === c.message) {
      expect(h.matchType, id).toBe('template');
      text = h.record.errorMessage;
    }
  }
  return text;
}
