// The JVM pack's analysis (grammars, analyze, condition syntax): loaded on first use through
// jvmPack.analyzer(), by the commands that analyze; nothing that reads traces or records imports it.

import type { Analyzer } from '../../core/pack.js';
import { analyzeJvm, jvmCannotRaise } from './analyze.js';
import { forwardsOf, kotlinForwardsOf } from './calls-made.js';
import * as conditions from './condition.js';
import { parseJvm } from './grammar.js';
import { jvmLineContexts } from './line-context.js';

export const analyzer: Analyzer = {
  languages: {
    java: {
      parse: (source) => parseJvm('java', source),
      analyze: (source) => analyzeJvm('java', source),
      cannotRaise: jvmCannotRaise,
      lineContexts: (source, _path, at) => jvmLineContexts('java', source, at),
      callsByFunction: (source) => forwardsOf(parseJvm('java', source).root(), source),
    },
    kotlin: {
      parse: (source) => parseJvm('kotlin', source),
      analyze: (source) => analyzeJvm('kotlin', source),
      cannotRaise: jvmCannotRaise,
      lineContexts: (source, _path, at) => jvmLineContexts('kotlin', source, at),
      callsByFunction: (source) => kotlinForwardsOf(parseJvm('kotlin', source).root(), source),
    },
  },
  conditions,
};
