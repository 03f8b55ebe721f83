// A Python dict of literals only (html.entities', _sysconfigdata's) is read as a message table
// from its text, not node by node (languages/python/tables.ts, literalEntries). The same table
// with one entry the text reading does not take (a name) is read from its nodes: both trees must
// give the same records, entry for entry, with the same lines.
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, tmpDir, write } from './cli.js';

const TABLE = `MESSAGES = {
    'bad_escape': 'Invalid \\x41 escape \\u00e9\\u2022 in %s',
    "halves": 'first half, '  # a comment between the parts
              "second half of %s",
    'multi': """A message
over two lines about %s""",
    'raw': r'raw \\d+ text about %s',
    b'bytes': 'keyed by bytes: %s',
    1: 'a numeric key gives no entry %s',
    # a comment between entries
    'flag': True,
    'count': -3,
    'ratio': 1.5e-3,
    'empty': '',
    'none': None,
    'last': u'the last entry about %s',
`;

// (found by the text test before any tree walk: the line of a \`= {\` or \`= dict(\`, tried from its start)
const OTHERS = `ANNOTATED: dict[str, str] =\t{'one': 'an annotated table about %s', 'two': 'its second entry about %s'}
CALLED = dict(first='a table written as a call about %s', second='its second entry, called, about %s')
`;

const fail = `from .codes import MESSAGES
from .others import ANNOTATED, CALLED


def fail(code):
    raise ValueError(MESSAGES[code])


def annotated(code):
    raise ValueError(ANNOTATED[code])


def called(code):
    raise ValueError(CALLED[code])
`;

let records: { text: string[]; nodes: string[] };

function read(db: string): string[] {
  const d = new Database(db, { readonly: true, fileMustExist: true });
  try {
    return (d.prepare(`SELECT json FROM records ORDER BY file_path, line, id`).all() as { json: string }[]).map((r) => {
      // (the times of the analysis left out)
      const rec = JSON.parse(r.json);
      delete rec.analyzedAt;
      delete rec.contentChangedAt;
      return JSON.stringify(rec);
    });
  } finally {
    d.close();
  }
}

beforeAll(() => {
  const root = tmpDir('literal-tables');
  const out: Record<string, string[]> = {};
  // (the same relative paths in both trees; the second table ends in a name, which only the node loop reads)
  for (const [side, end] of [['text', '}\n'], ['nodes', "    'named': some_name,\n}\n"]] as const) {
    const tree = path.join(root, side, 'tables');
    write(tree, 'pkg/__init__.py', '');
    write(tree, 'pkg/codes.py', TABLE + end);
    write(tree, 'pkg/others.py', OTHERS);
    write(tree, 'pkg/fail.py', fail);
    const db = path.join(root, `${side}.sqlite`);
    expect(errdex(['analyze', tree, '--db', db, '--threads', '0']).code).toBe(0);
    out[side] = read(db);
  }
  records = { text: out.text, nodes: out.nodes };
});

describe('a table of literals read from its text', () => {
  it('gives the records the node loop gives', () => {
    expect(records.text.length).toBeGreaterThan(0);
    expect(records.text).toEqual(records.nodes);
  });

  it('reads escapes, implicit concatenation, triple quotes, prefixes and the lines of its entries', () => {
    const all = records.text.join('\n');
    for (const text of ['Invalid A escape é• in {value}', 'first half, second half of {value}', 'A message\\nover two lines about {value}', 'raw \\\\d+ text about {value}', 'keyed by bytes: {value}', 'the last entry about {value}']) {
      expect(all).toContain(text);
    }
    expect(all).not.toContain('numeric key');
    for (const text of ['an annotated table about {value}', 'its second entry about {value}', 'a table written as a call about {value}', 'its second entry, called, about {value}']) {
      expect(all).toContain(text);
    }
  });
});
