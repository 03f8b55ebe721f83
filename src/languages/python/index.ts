// The Python pack: CPython 3 source (.py) and CPython tracebacks. What only analysis uses is
// in analyzer.ts, imported on first use.

import type { LanguagePack } from '../../core/pack.js';
import { repr } from './repr.js';
import { catchSnippet, typeGuardSnippet } from './snippets.js';
import { pythonQuotedCode } from './quoted.js';
import { pythonTrace } from './trace.js';
import { PYTHON_RUNTIME } from './runtime-texts.js';

const TEST_FILE = /(^test_.*\.py$)|(_test\.py$)|(^conftest\.py$)/;

export const pythonPack: LanguagePack = {
  id: 'python',
  languages: [{ name: 'python', extensions: ['py'], quotedCode: pythonQuotedCode, catchSnippet, typeGuardSnippet }],
  files: {
    testDirs: ['idle_test'],
    skipDirs: ['__pycache__', '.tox', '.venv', '.mypy_cache'],
    skipFile: (name, includeTests) => (!includeTests && TEST_FILE.test(name) ? 'test file' : null),
  },
  trace: pythonTrace,
  runtime: PYTHON_RUNTIME,
  repr,
  builtErrorFrame: 'raise',
  grammars: ['python'],
  analyzer: async () => (await import('./analyzer.js')).analyzer,
};
