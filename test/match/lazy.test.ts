// The lazy index (match/lazy.ts) over the persisted tables ranks as MatchIndex does over the same rows.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { MatchRow } from '../../src/core/row.js';
import type { ErrorLink, Frame } from '../../src/core/trace.js';
import { MatchIndex } from '../../src/match/index.js';
import { LazyMatchIndex } from '../../src/match/lazy.js';
import { rankLink } from '../../src/match/rank.js';
import { openMatchSource } from '../../src/store/sqlite-match.js';
import { writeMatchIndex } from '../../src/store/sqlite-match-write.js';
import { hole, isGeneric, lit, normalize, type Template } from '../../src/template/ir.js';

const row = (template: Template, key: number, filePath: string, line: number, symbol: string | null = null, extra: Partial<MatchRow> = {}): MatchRow => ({
  key, id: `r${key}`, repo: 'r', language: 'python', errorClass: 'ValueError', errorCode: null, filePath, symbol,
  lines: [line], template, generic: isGeneric(template), package: null, entry: 0, ...extra,
});
const link = (message: string, frames: Frame[] = [], errorClass: string | null = null): ErrorLink =>
  ({ errorClass, message, errorCode: null, frames, language: frames.length ? 'python' : null, relation: null, inputLine: 1 });

const ROWS: MatchRow[] = [
  row([lit('x / 0')], 1, 'decimal.py', 10),
  row([lit('0 / 0')], 2, 'decimal.py', 20),
  row(normalize([lit('bad '), hole('x')]), 3, 'other.py', 5),
  row([lit('invalid zip data')], 4, 'zip.js', 7, null, { language: 'javascript', errorClass: 'Error' }),
  row(normalize([lit('invalid zip data: '), hole('d')]), 5, 'zip.js', 7, null, { language: 'javascript', errorClass: 'Error' }),
  row([lit('invalid zip data')], 6, 'zip2.js', 9, null, { language: 'javascript', errorClass: null }),
  row([lit('Invalid time value')], 8, 'format.cjs', 359, 'format', { language: 'javascript', package: 'date-fns', entry: 1 }),
  row([lit('Invalid time value')], 9, 'format.js', 350, 'format', { language: 'javascript', package: 'date-fns', entry: 0.5 }),
  row([lit('Invalid time value')], 10, 'formatISO.cjs', 49, 'formatISO', { language: 'javascript', package: 'date-fns' }),
  row(normalize([lit('[DecimalError] Invalid argument: '), hole('max')]), 12, 'decimal.js', 232, 'P.clamp'),
  row(normalize([lit('[DecimalError] Invalid argument: '), hole('str')]), 13, 'decimal.js', 3627, 'parseOther'),
  row(normalize([lit("No terminal matches '"), hole('char'), lit("' in the current parser context"), hole('ctx'), lit('\nPrevious tokens: '), hole('h')]), 7, 'lark/lexer.py', 30),
  row(normalize([lit('value '), hole('v'), lit(' must be positive')]), 20, 'app/pkg/checks.py', 4, 'check'),
  row(normalize([lit('value '), hole('v'), lit(' must be positive')]), 21, 'other/pkg/checks.py', 4, 'check'),
];

const LINKS: ErrorLink[] = [
  link('x / 0'), link('invalid zip data'), link('invalid zip data: abc'), link('Invalid time value', [], 'RangeError'),
  link('[DecimalError] Invalid argument: 7'), link("No terminal matches 'x' in the current parser context, at line 1"),
  link('value -1 must be positive', [{ file: '/srv/app/pkg/checks.py', line: 4, function: 'check' } as Frame]),
  link('value -1 must be positive', [{ file: '/srv/pkg/checks.py', line: 9, function: 'check' } as Frame]),
  link('something else entirely', [{ file: 'C:\\work\\lark\\lexer.py', line: 31, function: 'lex' } as Frame]),
  link('bad thing'), link('nothing matches'),
];

function lazyIndex(rows: MatchRow[]): LazyMatchIndex {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE trees (tree_id INTEGER PRIMARY KEY, repo TEXT, package TEXT, entry_dirs TEXT, analyzed_at TEXT, records INTEGER);
    CREATE TABLE records (id TEXT, language TEXT, json TEXT);
    INSERT INTO trees VALUES (1, 'r', NULL, '[]', 'now', ${rows.length});`);
  writeMatchIndex(db, rows);
  return new LazyMatchIndex(openMatchSource(db)!);
}

const digest = (hits: ReturnType<typeof rankLink>) => hits.map((h) => [h.row.key, h.lines, h.score, h.matchType, h.captures, h.why, h.frame, h.copies]);

describe('LazyMatchIndex', () => {
  it('ranks every link as MatchIndex does, loading only the rows lookups select', () => {
    const full = new MatchIndex(ROWS);
    const lazy = lazyIndex(ROWS);
    expect(lazy.size).toBe(ROWS.length);
    for (const l of LINKS) for (const k of [1, 5, 10]) expect(digest(rankLink(lazy, l, k)), l.message).toEqual(digest(rankLink(full, l, k)));
    expect(lazy.rows.length).toBeLessThan(ROWS.length);
  });

  it('keeps the best candidates as MatchIndex does when more than the limit share words', () => {
    const many = Array.from({ length: 150 }, (_, i) =>
      row(normalize([lit(`could not open config file number${i % 7} `), hole('p'), lit(i % 3 ? ' for reading' : '')]), 100 + i, `src/m${i}.py`, i + 1, `open${i % 5}`));
    const full = new MatchIndex(many);
    const lazy = lazyIndex(many);
    for (const m of ['could not open config file number3 /etc/x for reading', 'could not open config file', 'config file reading number1'])
      expect(digest(rankLink(lazy, link(m), 10)), m).toEqual(digest(rankLink(full, link(m), 10)));
  });
});
