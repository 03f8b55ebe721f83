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

/** `import { a, b as c } from './m'` (also after a default, `import d, { a } from './m'`). */
const IMPORT_NAMED = new RegExp(String.raw`\bimport\s+(?:${ID}\s*,\s*)?\{([^}]{1,2000})\}\s*from\s*${SPEC}`, 'g');
/** `const { a, b: c } = require('./m')`. */
const REQUIRE_NAMED = new RegExp(String.raw`\b(?:const|let|var)\s*\{([^}]{1,2000})\}\s*=\s*require\(\s*${SPEC}\s*\)`, 'g');
const SPECIFIER = new RegExp(String.raw`^(?:type\s+)?(${ID})(?:\s*(?:as|:)\s*(${ID}))?$`);

/**
 * The names a file imports one by one from a relative module, each with the module as written and
 * the name it exports (`import { decodeErrPrefix } from './common.js'`, `const { PREFIX: P } =
 * require('./constants')`); the first binding of a name wins.
 */
export function namedImportBindings(source: string): Map<string, { from: string; name: string }> {
  const out = new Map<string, { from: string; name: string }>();
  if (!source.includes('require(') && !source.includes('import')) return out;
  for (const re of [IMPORT_NAMED, REQUIRE_NAMED]) {
    for (const m of source.matchAll(re)) {
      for (const part of m[1].split(',')) {
        const s = SPECIFIER.exec(part.trim());
        if (s && !out.has(s[2] ?? s[1])) out.set(s[2] ?? s[1], { from: m[2], name: s[1] });
      }
    }
  }
  return out;
}
