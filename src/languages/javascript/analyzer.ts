// The JavaScript/TypeScript pack's analysis (grammars, analyze, condition syntax): loaded on first
// use through javascriptPack.analyzer(), by the commands that analyze; nothing that reads traces or
// records imports it.

import type { Analyzer } from '../../core/pack.js';
import { analyzeJavaScript, analyzeTypeScript } from './analyze.js';
import * as conditions from './condition.js';
import { parseSource, tsGrammar } from './grammar.js';
import { jsLineContexts } from './line-context.js';
import { matchesNothing } from './query.js';
import { mayHoldTable } from './tables.js';
import { mayCallExternal } from './external.js';
import { mayCallNative } from './native-calls.js';
import { jsImportedCalls } from './imports.js';
import { mayHoldMessageFunction } from './message-functions.js';
import { mayAssignMessageProperty } from './options.js';

export const analyzer: Analyzer = {
  languages: {
    javascript: {
      parse: (source) => parseSource('javascript', source),
      analyze: (source) => analyzeJavaScript(source),
      cannotRaise: (source) => matchesNothing(source, false) && !mayHoldTable(source) && !mayCallExternal(source) && !mayCallNative(source) && !mayHoldMessageFunction(source) && !mayAssignMessageProperty(source),
      lineContexts: (source, _path, at) => jsLineContexts(parseSource('javascript', source), at),
      importedCalls: (source, path, defines, methods) => jsImportedCalls(source, defines, path, methods),
    },
    typescript: {
      parse: (source, path) => parseSource(tsGrammar(path), source),
      analyze: analyzeTypeScript,
      cannotRaise: (source) => matchesNothing(source, true) && !mayHoldTable(source) && !mayCallExternal(source) && !mayCallNative(source) && !mayHoldMessageFunction(source) && !mayAssignMessageProperty(source),
      lineContexts: (source, path, at) => jsLineContexts(parseSource(tsGrammar(path), source), at),
      importedCalls: (source, path, defines, methods) => jsImportedCalls(source, defines, path, methods),
    },
  },
  conditions,
};
