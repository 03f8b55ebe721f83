// A long-lived reader's scans of every source text (code a message quotes) run on a thread of their
// own: the same rows as a scan on the reader's thread, which meanwhile keeps turning (a request in
// hand elsewhere is answered). The built store is used: the scan thread is a file of dist/.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, tmpDir, write } from '../e2e/cli.js';

const BUILT = path.resolve(import.meta.dirname, '../../dist/store/sqlite.js');

let db: string;

beforeAll(() => {
  const dir = tmpDir('off-thread');
  db = path.join(dir, 'index.sqlite');
  const tree = path.join(dir, 'lib');
  write(tree, 'format.js', `'use strict';
function format(date, formatStr) {
  if (!date) throw new RangeError('Invalid time value');
  return formatStr
    .match(/yyyy|MM|dd/g)
    .map((t) => t);
}
module.exports = { format };
`);
  write(tree, 'other.js', `'use strict';
function other(x) {
  if (!x) throw new Error('no x');
  return x.match(/a/);
}
module.exports = { other };
`);
  expect(errdex(['analyze', tree, '--db', db]).code).toBe(0);
});

describe('scans off the reader thread', () => {
  it('give the rows a scan here gives, and the reader thread turns while they run', async () => {
    const { SqliteStore } = await import(BUILT);
    const here = new SqliteStore(db, 'read');
    const off = new SqliteStore(db, 'read', { offThreadScans: true });
    try {
      const ask = (s: typeof here) => s.sourcesHolding(['formatStr', '.match('], ['javascript'], 10);
      const want = await ask(here);
      expect(want.map((s: { filePath: string }) => s.filePath)).toEqual(['format.js']);
      let turned = false;
      setImmediate(() => (turned = true));
      const got = await ask(off);
      expect(got).toEqual(want);
      expect(turned).toBe(true);
      // (on the reader's own thread the answer is there before the event loop turns)
      turned = false;
      setImmediate(() => (turned = true));
      await ask(here);
      expect(turned).toBe(false);
    } finally {
      await here.close();
      await off.close();
    }
  });
});
