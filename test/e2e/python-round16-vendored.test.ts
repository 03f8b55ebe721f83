// Round 16's shape through the CLI (decision 0126): a library vendored into another tree. Debian's
// setuptools ships its own copy of distutils (setuptools/_distutils), and Debian's python3-distutils
// the standard library's (/usr/lib/python3.11/distutils); `import distutils` runs setuptools' copy.
// The error is made by running the real library on bad input; its message alone cannot tell the two
// trees apart, so the first answer names one raise and the other as its copy.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir } from './cli.js';
import { DIST, PY, raised } from './debian-python.js';

const STDLIB = '/usr/lib/python3.11/distutils';
const VENDORED = path.join(DIST, 'setuptools/_distutils');

describe.skipIf(!existsSync(PY) || !existsSync(STDLIB) || !existsSync(VENDORED))('a raise vendored into another tree (distutils in setuptools)', () => {
  const db = path.join(tmpDir('vendored'), 'db.sqlite');
  const index = () => {
    if (!existsSync(db)) for (const tree of [STDLIB, VENDORED]) expect(errdex(['analyze', tree, '--db', db]).code).toBe(0);
    return db;
  };
  const first = (message: string) => {
    const h = explainInput(index(), message).links[0].hits[0];
    return { at: `${h.record.filePath}:${h.record.lineNumber}`, copies: h.copies.map((c: { filePath: string; line: number }) => `${c.filePath}:${c.line}`) };
  };

  it('names both copies of a literal raise in one answer', () => {
    const m = raised("from distutils.util import strtobool\nstrtobool('perhaps')").message;
    expect(m).toBe("invalid truth value 'perhaps'");
    expect(first(m)).toEqual({ at: 'util.py:321', copies: ['setuptools/_distutils/util.py:353'] });
  });

  it('and of a message a helper is handed by its callers (_ensure_tested_string)', () => {
    const m = raised([
      'from distutils.dist import Distribution',
      'from distutils.cmd import Command',
      'class C(Command):',
      '    user_options = []',
      "    def initialize_options(self): self.conf = 'no-such-file.cfg'",
      '    def finalize_options(self): pass',
      '    def run(self): pass',
      "C(Distribution()).ensure_filename('conf')",
    ].join('\n')).message;
    expect(m).toBe("error in 'conf' option: 'no-such-file.cfg' does not exist or is not a file");
    const a = first(m);
    expect([a.at, ...a.copies].sort()).toEqual(['cmd.py:248', 'setuptools/_distutils/cmd.py:251']);
  });
});
