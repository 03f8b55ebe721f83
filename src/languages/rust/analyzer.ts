// The Rust pack's analysis (grammar, analyze, condition syntax): loaded on first use through
// rustPack.analyzer(), by the commands that analyze.

import type { Analyzer } from '../../core/pack.js';
import { analyzeRust, rustCannotRaise } from './analyze.js';
import * as conditions from './condition.js';
import { parseRust } from './grammar.js';
import { rustLineContexts } from './line-context.js';

export const analyzer: Analyzer = {
  languages: {
    rust: {
      parse: (source) => parseRust(source),
      analyze: (source) => analyzeRust(source),
      cannotRaise: rustCannotRaise,
      lineContexts: (source, _path, at) => rustLineContexts(source, at),
    },
  },
  conditions,
};
