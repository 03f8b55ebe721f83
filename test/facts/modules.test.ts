import { describe, expect, it } from 'vitest';
import { importNames } from '../../src/facts/modules.js';
import { jsImports } from '../../src/languages/javascript/imports.js';
import { pythonImports } from '../../src/languages/python/imports.js';

describe('which file an import names', () => {
  it('relative imports, from the calling file', () => {
    expect(importNames('conf/reader.py', './util', 'conf/util.py')).toBe(true);
    expect(importNames('conf/reader.py', './util', 'other/util.py')).toBe(false);
    expect(importNames('lib/a/b.js', '../errors', 'lib/errors/index.js')).toBe(true);
    expect(importNames('lib/a/b.js', '../errors', 'lib/errors/fail.js')).toBe(true); // re-exported by its index
    expect(importNames('lib/a/b.js', '../../../x', 'x.js')).toBe(false); // above the tree's top
    expect(importNames('pkg/x.py', './', 'pkg/__init__.py')).toBe(true);
    expect(importNames('x.py', './', 'pkg/y.py')).toBe(false);
  });

  it('absolute Python imports, from wherever the tree starts', () => {
    expect(importNames('posixpath.py', 'genericpath', 'genericpath.py')).toBe(true);
    expect(importNames('lib/posixpath.py', 'genericpath', 'lib/genericpath.py')).toBe(true);
    expect(importNames('a.py', 'email/errors', 'email/errors.py')).toBe(true);
    expect(importNames('a.py', 'email/errors', 'xemail/errors.py')).toBe(false);
  });

  it('reads what Python and JavaScript files import', () => {
    const py = pythonImports('from .util import fail, warn as w\nfrom .. import errors\nimport genericpath\nfrom pkg.sub import (\n  a,\n  b as c,\n)\n');
    expect(py.get('fail')).toEqual({ name: 'fail', from: './util' });
    expect(py.get('w')).toEqual({ name: 'warn', from: './util' });
    expect(py.get('errors.*')).toEqual({ name: '*', from: '../errors' });
    expect(py.get('genericpath.*')).toEqual({ name: '*', from: 'genericpath' });
    expect(py.get('c')).toEqual({ name: 'b', from: 'pkg/sub' });
    const js = jsImports("const { fail, warn: w } = require('./errors.js');\nconst e = require('../e');\nimport { bail as b } from './x.mjs';\nimport * as ns from './ns';\nconst lodash = require('lodash');\n");
    expect(js.get('fail')).toEqual({ name: 'fail', from: './errors' });
    expect(js.get('w')).toEqual({ name: 'warn', from: './errors' });
    expect(js.get('e.*')).toEqual({ name: '*', from: '../e' });
    expect(js.get('b')).toEqual({ name: 'bail', from: './x' });
    expect(js.get('ns.*')).toEqual({ name: '*', from: './ns' });
    expect(js.has('lodash.*')).toBe(false);
  });
});
