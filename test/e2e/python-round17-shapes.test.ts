// Round 17's shape through the CLI (decision 0132), on Debian's cfgv: its ValidationError's `__str__`
// writes the contexts a validation passed through in a loop, then the innermost error's own text
// (`err = self` / `while err.ctx is not None: out += f'==> {err.ctx}\n'; err = err.error_msg` /
// `out += f'=====> {err.error_msg}'`). The error is made by running the real library on bad input; the
// raise's text alone (`Expected {typename_s} got …`, 11 letters of a 50-character message) was below
// other trees' words (vdf's `Expected s to be a str, got {s}`) before the class's text was read.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir } from './cli.js';
import { DIST, PY, raised } from './debian-python.js';

const CFGV = path.join(DIST, 'cfgv.py');
const VDF = path.join(DIST, 'vdf');

describe.skipIf(!existsSync(PY) || !existsSync(CFGV) || !existsSync(VDF))("an exception's text written through a loop (cfgv)", () => {
  it('finds the raise wrapped in the contexts, by the class text', () => {
    const db = path.join(tmpDir('loop-str'), 'db.sqlite');
    for (const tree of [CFGV, VDF]) expect(errdex(['analyze', tree, '--db', db]).code).toBe(0);
    const m = raised("import cfgv\ncfgv.validate({'a': 'x'}, cfgv.Map('Cfg', None, cfgv.Required('a', cfgv.check_int)))").message;
    expect(m).toBe('\n==> At Cfg()\n==> At key: a\n=====> Expected int got str');
    const h = explainInput(db, m).links[0].hits[0];
    expect(`${h.record.filePath}:${h.record.lineNumber}`).toBe('cfgv.py:325');
    expect(h.matchType).toBe('template');
    expect(h.message).toContain('=====> Expected {typename_s} got');
  });
});
