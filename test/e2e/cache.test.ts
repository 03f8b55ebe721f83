// Re-analysis: an unchanged tree parses nothing; a changed file is the only one parsed.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errdex, tmpDir, write } from './cli.js';

const analyze = (root: string, db: string) => {
  const r = errdex(['analyze', root, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as { parsed: number; cached: number; unchanged: boolean; records: number };
};

describe('the per-file cache', () => {
  it('parses nothing for an unchanged tree and only the changed file otherwise', () => {
    const root = tmpDir('cache');
    const db = path.join(tmpDir('cache-db'), 'i.sqlite');
    for (let i = 0; i < 5; i++) write(root, `m${i}.py`, `def f${i}(x):\n    raise ValueError(f"bad value {x} in module ${i}")\n`);
    const first = analyze(root, db);
    expect(first).toMatchObject({ parsed: 5, cached: 0, unchanged: false, records: 5 });
    expect(analyze(root, db)).toMatchObject({ parsed: 0, unchanged: true, records: 5 });
    write(root, 'm2.py', 'def f2(x):\n    raise KeyError(f"no key {x}")\n');
    expect(analyze(root, db)).toMatchObject({ parsed: 1, cached: 4, unchanged: false, records: 5 });
    const e = errdex(['explain', 'no key abc', '--db', db, '--json']);
    expect(JSON.parse(e.stdout).hits[0].record.filePath).toBe('m2.py');
    const gone = errdex(['explain', 'bad value 3 in module 2', '--db', db, '--json']);
    expect(gone.code).toBe(4);
  });
});

describe('errdex schema', () => {
  it('prints the record JSON Schema', () => {
    const r = errdex(['schema']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.properties.messagePattern.type).toBe('string');
    expect(s.required).toContain('githubUrl');
  });
});
