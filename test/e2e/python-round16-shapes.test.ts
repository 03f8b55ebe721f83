// Round 16's shapes through the CLI (decision 0126). First, a library vendored into another tree. Debian's
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

// A caught KeyError put in a message as it is shows as its key's repr (decision 0126): fastjsonschema's
// `except KeyError as exc: raise JsonSchemaDefinitionException('Unknown type: {}'.format(exc))` says
// `Unknown type: 'text'`, quotes that a template with a hole of anything (python-crontab's `'Unknown
// type: {}'.format(type_.__name__)`) does not write.
describe.skipIf(!existsSync(PY) || !existsSync(path.join(DIST, 'fastjsonschema')) || !existsSync(path.join(DIST, 'crontab.py')))('a caught KeyError in a message (fastjsonschema)', () => {
  it('matches the quotes its key is shown in', () => {
    const db = path.join(tmpDir('keyerror'), 'db.sqlite');
    for (const tree of [path.join(DIST, 'fastjsonschema'), path.join(DIST, 'crontab.py')]) expect(errdex(['analyze', tree, '--db', db]).code).toBe(0);
    const m = raised("import fastjsonschema\nfastjsonschema.compile({'type': 'text'})").message;
    expect(m).toBe("Unknown type: 'text'");
    const [a, b] = explainInput(db, m).links[0].hits;
    // (draft04's generate_type and draft06's override raise it alike: either is the answer)
    expect([a.record.filePath, b.record.filePath].sort()).toEqual(['fastjsonschema/draft04.py', 'fastjsonschema/draft06.py']);
    expect(a.score).toBeGreaterThan(explainInput(db, 'Unknown type: text').links[0].hits[0].score);
  });
});
