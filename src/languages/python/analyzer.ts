// The Python pack's analysis (grammar, analyze, condition syntax): loaded on first use through
// pythonPack.analyzer(), by the commands that analyze; nothing that reads traces or records imports it.

import type { Analyzer } from '../../core/pack.js';
import { analyzePython, pythonCannotRaise } from './analyze.js';
import * as conditions from './condition.js';
import { parsePython } from './grammar.js';
import { pythonLineContexts } from './line-context.js';
import { importedCalls } from './calls.js';
import { instanceNames } from './dispatch.js';
import { pythonImports } from './imports.js';
import { FileCtx } from './template.js';

export const analyzer: Analyzer = {
  languages: {
    python: {
      parse: (source) => parsePython(source),
      analyze: (source) => analyzePython(source),
      cannotRaise: pythonCannotRaise,
      lineContexts: (source, _path, at) => pythonLineContexts(source, at),
      importedCalls: (source, _path, defines, methods) => importedCalls(source, defines, pythonImports(source), (text) => new FileCtx(parsePython(text).root(), text), methods?.dispatched),
      instanceNames,
    },
  },
  conditions,
};
