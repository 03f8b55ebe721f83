// A long-lived reader's line index (store/sqlite-lines.ts): the sources holding a whole line, as a
// scan of every source finds them, for lines found once, twice, in several files, at a file's
// first or last line (which a `\n…\n` needle cannot match), and absent; and seen anew after
// another connection commits a tree that holds the line.
import path from 'node:path';
import { setImmediate as turn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/store/sqlite.js';
import { errdex, tmpDir, write } from './cli.js';

const A = `module Shapes
  class Circle
    def initialize(r)
      raise ArgumentError, "radius must be positive" unless r.positive?
      @r = r
    end

    def area
      3.14159 * @r * @r
    end
  end
end`;

const B = `class Square
  def initialize(side)
    raise ArgumentError, "side must be positive" unless side.positive?
    @side = side
  end

  def area
    @r * @r
  end
end
`;

const ADDED = `class Late
  def call
    3.14159 * @r * @r
  end
end
`;

describe('a store opened to read finds quoted lines by its line index', () => {
  it('answers as the scan does, before and after the index is built, and after a commit', async () => {
    const root = tmpDir('lines');
    write(root, 'lib/shapes/circle.rb', A);
    write(root, 'lib/square.rb', B);
    const db = path.join(tmpDir('lines-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
    const lines = [...new Set([...A.split('\n'), ...B.split('\n'), ...ADDED.split('\n'), '    absent', 'nowhere at all'])];
    const reader = new SqliteStore(db, 'read');
    const scan = async () => {
      const writer = new SqliteStore(db, 'write');
      try {
        return await Promise.all(lines.map((l) => writer.sourcesHolding(`\n${l}\n`, ['ruby'], 2)));
      } finally {
        await writer.close();
      }
    };
    const files = (found: { filePath: string }[][]) => found.map((f) => f.map((s) => s.filePath));
    const expected = await scan();
    // (a line in one file, one in both, one only at a file's first line, one absent)
    expect(files(expected)[lines.indexOf('      @r = r')]).toEqual(['lib/shapes/circle.rb']);
    expect(files(expected)[lines.indexOf('  def area')]).toEqual(['lib/square.rb']);
    expect(files(expected)[lines.indexOf('    def area')]).toEqual(['lib/shapes/circle.rb']);
    expect(files(expected)[lines.indexOf('module Shapes')]).toEqual([]);
    expect(files(expected)[lines.indexOf('end')]).toEqual(['lib/square.rb']);
    expect(files(expected)[lines.indexOf('    absent')]).toEqual([]);
    // First question: a scan; the second starts the index's build (a few files a turn), then the index; every answer the same.
    for (let round = 0; round < 4; round++) {
      expect(await Promise.all(lines.map((l) => reader.sourcesHolding(`\n${l}\n`, ['ruby'], 2)))).toEqual(expected);
      await turn();
      await turn();
    }
    // Another connection commits a tree holding the circle's area line: the reader sees it.
    const late = tmpDir('lines-late');
    write(late, 'late.rb', ADDED);
    expect(errdex(['analyze', late, '--db', db]).code).toBe(0);
    await turn();
    const after = await scan();
    expect(files(after)[lines.indexOf('    3.14159 * @r * @r')]).toEqual(['late.rb']);
    for (let round = 0; round < 4; round++) {
      expect(await Promise.all(lines.map((l) => reader.sourcesHolding(`\n${l}\n`, ['ruby'], 2)))).toEqual(after);
      await turn();
      await turn();
    }
    await reader.close();
  });
});
