// The Ruby pack's analysis (grammar, analyze, condition syntax): loaded on first use through
// rubyPack.analyzer(), by the commands that analyze.

import type { Analyzer } from '../../core/pack.js';
import { analyzeRuby, rubyCannotRaise } from './analyze.js';
import * as conditions from './condition.js';
import { parseRuby } from './grammar.js';
import { rubyLineContexts } from './line-context.js';

export const analyzer: Analyzer = {
  languages: {
    ruby: {
      parse: (source) => parseRuby(source),
      analyze: (source) => analyzeRuby(source),
      cannotRaise: rubyCannotRaise,
      lineContexts: (source, _path, at) => rubyLineContexts(source, at),
    },
  },
  conditions,
};
