// A message read from a field of a record the raising file declares, its texts passed by position
// to the record's constants in another file: aniso8601 raises `limit.rangeexception(
// limit.rangeerrorstring)` in builders/__init__.py, where `Limit = namedtuple('Limit', […])` is
// declared, and builds `TIME_HH_LIMIT = Limit('Invalid hour string.', 0, 24, HoursOutOfBoundsError,
// 'Hour must be between 0..24 with …', …)` in builders/python.py. Through the CLI, on Debian's
// python3-aniso8601: each message is made by running the real parser (/usr/bin/python3) on bad
// input, and explained alone.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const PY = '/usr/bin/python3';
const ANISO = '/usr/lib/python3/dist-packages/aniso8601';

const messageOf = (call: string): string => {
  const script = `import sys, aniso8601\ntry:\n    ${call}\nexcept Exception as e:\n    sys.stdout.write(str(e))\n`;
  return spawnSync(PY, ['-c', script], { encoding: 'utf8' }).stdout;
};

describe('texts of a record field passed to constants in another file (aniso8601)', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('record-field-texts'), 'db.sqlite');
    const r = errdex(['analyze', ANISO, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  // (the two raises of a range check, below the minimum and above the maximum, give the same
  // text: one answer, the raise's lines among its lines)
  const first = (message: string) => {
    const out = explainOutput(errdex(['explain', '--db', db, '--json', message]).stdout);
    const h = out.links[0].hits[0];
    return h && { file: out.records[h.recordId].filePath, lines: h.lines };
  };

  it('answers a month out of range with the raises reading the field in the declaring file', () => {
    const message = messageOf("aniso8601.parse_date('2021-13-01')");
    expect(message).toBe('Month must be between 1..12.');
    expect(first(message)).toMatchObject({ file: 'aniso8601/builders/__init__.py', lines: expect.arrayContaining([76, 79]) });
  });

  it('answers an hour out of range with the raises of a file that imports the record, the text two concatenated literals', () => {
    const message = messageOf("aniso8601.parse_time('25:00')");
    expect(message).toBe('Hour must be between 0..24 with 24 representing midnight.');
    expect(first(message)).toMatchObject({ file: 'aniso8601/builders/python.py', lines: expect.arrayContaining([94, 97]) });
  });
});
