// Defensive code in PHP: catch this exact error and tell it apart from others of its class.

import type { SnippetInput } from '../../core/pack.js';
import { callOf, messageKey } from '../shared/snippets.js';

/** The class as PHP names it (`Foo.BarException` from a trace is `\Foo\BarException`). */
const phpClass = (c: string | null): string => (c ? '\\' + c.replace(/^\\/, '').replace(/\./g, '\\') : '\\Throwable');
const quoted = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function catchSnippet(s: SnippetInput): string {
  const key = messageKey(s.message);
  const cls = phpClass(s.errorClass);
  const call = callOf(s.symbol);
  const test = key ? `str_contains($e->getMessage(), ${quoted(key)})` : `$e instanceof ${cls}`;
  return `try {\n    ${call};\n} catch (${cls} $e) {\n    if (${test}) {\n        // this failure: recover, or rethrow with context\n        throw new \\RuntimeException(${quoted(`${s.symbol ?? 'operation'} failed`)}, 0, $e);\n    }\n    throw $e;\n}`;
}

export const typeGuardSnippet = (s: SnippetInput): string | null => (s.errorClass ? `$e instanceof ${phpClass(s.errorClass)}` : null);
