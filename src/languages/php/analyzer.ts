// The PHP pack's analysis (grammar, analyze, condition syntax): loaded on first use through
// phpPack.analyzer(), by the commands that analyze; nothing that reads traces or records imports it.

import type { Analyzer } from '../../core/pack.js';
import { analyzePhp, phpCannotRaise } from './analyze.js';
import * as conditions from './condition.js';
import { parsePhp } from './grammar.js';
import { phpLineContexts } from './line-context.js';

export const analyzer: Analyzer = {
  languages: {
    php: {
      parse: (source) => parsePhp(source),
      analyze: (source) => analyzePhp(source),
      cannotRaise: phpCannotRaise,
      lineContexts: (source, _path, at) => phpLineContexts(source, at),
    },
  },
  conditions,
};
