// Names a file binds to a module of its tree as a whole: `import * as errors from './errors'`,
// `const ERROR_MSGS = require('../constants/error_msgs')` and its compiled forms
// (`__importStar(require(…))`, Babel's `_interopRequireWildcard(require(…))`). A member of such a
// name is a lookup into the texts that module exports one by one (tables.ts, MODULE_TABLE).

const ID = String.raw`[A-Za-z_$][\w$]*`;
const SPEC = String.raw`['"](\.{1,2}/[^'"\n]*|\.{1,2})['"]`;
const IMPORT_ALL = new RegExp(String.raw`\bimport\s+\*\s+as\s+(${ID})\s+from\s*${SPEC}`, 'g');
/** (a trailing `.name` binds one export, not the module: `require('./m').x` is left out by the lookahead) */
const REQUIRE_ALL = new RegExp(String.raw`\b(?:const|let|var)\s+(${ID})\s*=\s*(?:(?:__importStar|__importDefault|_interopRequireWildcard)\(\s*)?require\(\s*${SPEC}\s*\)(?:\s*\))?(?!\s*\.)`, 'g');

/** The relative module each name binds as a namespace, as written (`../constants/error_msgs`); the first binding of a name wins. */
export function namespaceBindings(source: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!source.includes('require(') && !source.includes('import')) return out;
  for (const re of [IMPORT_ALL, REQUIRE_ALL]) {
    for (const m of source.matchAll(re)) if (!out.has(m[1])) out.set(m[1], m[2]);
  }
  return out;
}
