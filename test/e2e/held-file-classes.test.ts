// An error kept on the object and raised later, of a class the file defines on an exception base
// whatever its name, end to end on Debian's arpeggio: `class NoMatch(Exception)` formats its message
// in `__str__`; the parser keeps the furthest failure as `self.nm = NoMatch([rule], position, parser)`
// and raises it with `raise self.nm`, the line every traceback of a failed parse ends on.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const PY = '/usr/bin/python3';
const ARPEGGIO = '/usr/lib/python3/dist-packages/arpeggio';

describe.skipIf(!fs.existsSync(ARPEGGIO))('errors of a file-defined class kept for a later raise (arpeggio)', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('held-db'), 'i.sqlite');
    expect(errdex(['analyze', ARPEGGIO, '--db', db]).code).toBe(0);
  });
  const explain = (input: string) => {
    const r = errdex(['explain', '-', '--db', db, '--json'], { input });
    expect(r.code).toBe(0);
    return explainOutput(r.stdout);
  };

  it('the message alone is `raise self.nm`, with NoMatch.__str__ as its text', () => {
    const code = "from arpeggio import ParserPython, EOF, RegExMatch\ndef number(): return RegExMatch(r'\\d+')\ndef pair(): return 'x', '=', number, EOF\nParserPython(pair).parse('x = y')";
    const r = spawnSync(PY, ['-c', code], { encoding: 'utf8' });
    const last = r.stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^arpeggio\.NoMatch: Expected number at position \(1, 5\)/);
    const line = fs.readFileSync(path.join(ARPEGGIO, '__init__.py'), 'utf8').split('\n').findIndex((l) => l.trim() === 'raise self.nm') + 1;
    expect(r.stderr).toContain(`__init__.py", line ${line}, in _nm_raise`);
    const out = explain(last.slice('arpeggio.NoMatch: '.length));
    const hit = out.hits[0];
    expect(hit.message).toMatch(/^\{message\} at position .* => '\{context\}'\.$/);
    expect(hit.lines).toContain(line);
    expect(out.records[hit.recordId].errorClass).toBe('NoMatch');
  });
});
