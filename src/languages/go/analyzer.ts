// The Go pack's analysis (grammar, analyze, condition syntax): loaded on first use through
// goPack.analyzer(), by the commands that analyze; nothing that reads traces or records imports it.

import type { Analyzer } from '../../core/pack.js';
import { analyzeGo, goCannotRaise } from './analyze.js';
import * as conditions from './condition.js';
import { parseGo } from './grammar.js';
import { goLineContexts } from './line-context.js';

export const analyzer: Analyzer = {
  languages: {
    go: {
      parse: (source) => parseGo(source),
      analyze: (source) => analyzeGo(source),
      cannotRaise: goCannotRaise,
      lineContexts: (source, _path, at) => goLineContexts(source, at),
    },
  },
  conditions,
};
