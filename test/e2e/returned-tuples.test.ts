// A message returned inside a tuple by a method of another module and raised by the caller that
// unpacks it: json5's `Parser.parse` ends `return None, self._err_str(), self.errpos` (parser.py)
// and `loads` does `ast, err, _ = parser.parse()` … `raise ValueError(err)` (lib.py). Through the
// CLI, on Debian's python3-json5: the message is made by running the real parser
// (/usr/bin/python3) on bad input, and explained alone.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const PY = '/usr/bin/python3';
const JSON5 = '/usr/lib/python3/dist-packages/json5';

const messageOf = (text: string): string => {
  const script = `import sys, json5\ntry:\n    json5.loads(sys.argv[1])\nexcept Exception as e:\n    sys.stdout.write(str(e))\n`;
  return spawnSync(PY, ['-c', script, text], { encoding: 'utf8' }).stdout;
};

describe('a message returned inside a tuple and raised by the caller (json5)', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('returned-tuples'), 'db.sqlite');
    const r = errdex(['analyze', JSON5, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  it("answers loads' raise of the unpacked text, the text defined where the parser builds it", () => {
    const message = messageOf('{"a": 1, }}');
    expect(message).toMatch(/^<string>:1 Unexpected "\}" at column \d+$/);
    const out = explainOutput(errdex(['explain', '--db', db, '--json', message]).stdout);
    const h = out.links[0].hits[0];
    expect({ file: out.records[h.recordId].filePath, line: out.records[h.recordId].lineNumber }).toEqual({ file: 'json5/lib.py', line: 81 });
    expect(out.records[h.recordId].errorMessage).toBe('{fname}:{lineno} Unexpected {thing} at column {colno}');
  });
});
