// A package with neither `main` nor `exports` runs its index.js (`require('pkg')` loads it), so
// that file is its entry: its records rank as the copy that runs, like those of a package that
// names its main. is-my-json-valid (no `main`) against js-joda (`main`: dist/js-joda.js), both
// real from eval/node_modules: the same text `Unknown type: …` is a tie, not js-joda's first.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');

describe("a package's index.js is its entry when package.json names none", () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('package-entry-index-db'), 'i.sqlite');
    for (const pkg of ['is-my-json-valid', '@js-joda/core']) expect(errdex(['analyze', path.join(MODULES, pkg), '--db', db]).code).toBe(0);
  });

  it("is-my-json-valid's index.js ranks with js-joda's main for the text both raise", () => {
    const r = errdex(['explain', '-', '--db', db, '--json'], { input: 'Unknown type: strng' });
    expect(r.code === 0 || r.code === 4).toBe(true);
    const hits = explainOutput(r.stdout).hits;
    const mine = hits.find((h) => h.record.filePath === 'index.js' && h.record.lineNumber === 206);
    const joda = hits.find((h) => h.record.filePath === 'dist/js-joda.js');
    expect(mine && joda).toBeTruthy();
    expect(mine!.score).toBe(joda!.score);
  });
});
