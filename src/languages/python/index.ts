// The Python pack: CPython 3 source (.py) and CPython tracebacks.

import type { LanguagePack } from '../../core/pack.js';
import { analyzePython, pythonCannotRaise } from './analyze.js';
import { parsePython } from './grammar.js';
import { importedCalls } from './calls.js';
import { pythonImports } from './imports.js';
import { FileCtx } from './template.js';
import * as conditions from './condition.js';
import { repr } from './repr.js';
import { catchSnippet, typeGuardSnippet } from './snippets.js';
import { pythonTrace } from './trace.js';

const TEST_FILE = /(^test_.*\.py$)|(_test\.py$)|(^conftest\.py$)/;

export const pythonPack: LanguagePack = {
  id: 'python',
  languages: [
    {
      name: 'python',
      extensions: ['py'],
      parse: (source) => parsePython(source),
      analyze: (source) => analyzePython(source),
      cannotRaise: pythonCannotRaise,
      importedCalls: (source, _path, defines) => importedCalls(source, defines, pythonImports(source), (text) => new FileCtx(parsePython(text).root(), text)),
      catchSnippet,
      typeGuardSnippet,
    },
  ],
  files: {
    testDirs: ['idle_test'],
    skipDirs: ['__pycache__', '.tox', '.venv', '.mypy_cache'],
    skipFile: (name, includeTests) => (!includeTests && TEST_FILE.test(name) ? 'test file' : null),
  },
  trace: pythonTrace,
  repr,
  conditions,
  builtErrorFrame: 'raise',
};
