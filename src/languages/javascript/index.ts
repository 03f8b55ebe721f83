// The JavaScript/TypeScript pack: one analyzer over the JavaScript, TypeScript and
// TSX grammars, and V8 (Node) stack traces.

import { jsImportedCalls } from './imports.js';
import { mayCallExternal } from './external.js';
import type { LanguagePack } from '../../core/pack.js';
import { analyzeJavaScript, analyzeTypeScript } from './analyze.js';
import { parseSource, tsGrammar } from './grammar.js';
import { matchesNothing } from './query.js';
import * as conditions from './condition.js';
import { repr } from './repr.js';
import { catchSnippet, tsTypeGuardSnippet, typeGuardSnippet } from './snippets.js';
import { v8Trace } from './trace.js';

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
const TYPE_DECL = /\.d\.[cm]?ts$/;

export const javascriptPack: LanguagePack = {
  id: 'javascript',
  languages: [
    {
      name: 'javascript',
      extensions: ['js', 'cjs', 'mjs', 'jsx'],
      parse: (source) => parseSource('javascript', source),
      analyze: (source) => analyzeJavaScript(source),
      cannotRaise: (source) => matchesNothing(source, false) && !mayCallExternal(source),
      importedCalls: (source, _path, defines) => jsImportedCalls(source, defines),
      pathsFromPackageDir: true,
      catchSnippet,
      typeGuardSnippet,
    },
    {
      name: 'typescript',
      extensions: ['ts', 'tsx', 'mts', 'cts'],
      parse: (source, path) => parseSource(tsGrammar(path), source),
      analyze: analyzeTypeScript,
      cannotRaise: (source) => matchesNothing(source, true) && !mayCallExternal(source),
      importedCalls: (source, _path, defines) => jsImportedCalls(source, defines),
      compiled: true,
      pathsFromPackageDir: true,
      catchSnippet,
      typeGuardSnippet: tsTypeGuardSnippet,
    },
  ],
  files: {
    testDirs: ['__tests__', '__test__', '__fixtures__'],
    skipDirs: ['node_modules'],
    skipFile: (name, includeTests) => (!includeTests && TEST_FILE.test(name) ? 'test file' : TYPE_DECL.test(name) ? 'type declarations' : null),
  },
  trace: v8Trace,
  repr,
  conditions,
};
