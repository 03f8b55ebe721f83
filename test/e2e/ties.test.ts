// One message raised in several files: the message alone cannot tell them apart, and the output
// says so (`tied` in --json, "tied with 1" in the human output) rather than ranking them as if it
// could; a frame on one of them, or the class named with its package, does tell them apart.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

let db: string;

beforeAll(() => {
  const root = tmpDir('ties');
  write(root, 'package.json', JSON.stringify({ name: 'ties', version: '1.0.0' }));
  write(root, 'lib/text/content.js', "exports.remove = function remove(a, b) {\n  if (b < a) throw new RangeError('Invalid range');\n};\n");
  write(root, 'lib/sorter.js', "exports.sort = function sort(a, b) {\n  if (b < a) throw new RangeError('Invalid range');\n};\n");
  db = path.join(tmpDir('ties-db'), 'i.sqlite');
  expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
});

describe('a message raised in several files', () => {
  it('marks the hits the message alone cannot rank below the first as tied', () => {
    const r = errdex(['explain', 'Invalid range', '--db', db, '--json']);
    const hits = explainOutput(r.stdout).hits;
    expect(hits.map((h: { record: { filePath: string } }) => h.record.filePath).sort()).toEqual(['lib/sorter.js', 'lib/text/content.js']);
    expect(hits[0].tied).toBeUndefined();
    expect(hits[1].tied).toBe(true);
    expect(hits[0].score).toBe(hits[1].score);
    const human = errdex(['explain', 'Invalid range', '--db', db]).stdout;
    expect(human).toMatch(/^2\. .*tied with 1/m);
  });

  it('a frame tells them apart: no tie', () => {
    const trace = 'RangeError: Invalid range\n    at remove (/srv/app/node_modules/ties/lib/text/content.js:2:20)\n';
    const hits = explainOutput(errdex(['explain', trace, '--db', db, '--json']).stdout).hits;
    expect(hits[0].record.filePath).toBe('lib/text/content.js');
    expect(hits.some((h: { tied?: boolean }) => h.tied)).toBe(false);
  });
});
