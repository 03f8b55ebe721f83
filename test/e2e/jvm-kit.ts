// The evaluation's Kotlin kit (eval/jvm-kit) and the cases the JVM printed for it
// (eval/corpus/jvm.jsonl, made by eval/gen/jvm_cases.mjs with Debian's kotlinc): real code and
// real messages for the JVM pack's end-to-end tests.
import fs from 'node:fs';
import path from 'node:path';
import { write } from './cli.js';

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
