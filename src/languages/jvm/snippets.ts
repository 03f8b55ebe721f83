// Defensive code in Java and Kotlin: catch this exact error and tell it apart from others of its
// class (by class, then by message).

import type { SnippetInput } from '../../core/pack.js';
import { callOf, messageKey } from '../shared/snippets.js';

/** The call of the raising function, its arguments left to fill in (a comment, so the snippet parses). */
const call = (symbol: string | null): string => callOf(symbol).replace('(...)', '(/* ... */)');

const quoted = (s: string, kotlin: boolean): string => JSON.stringify(s).replace(kotlin ? /\$/g : /(?!)/g, '\\$');

export function javaCatchSnippet(s: SnippetInput): string {
  const cls = s.errorClass ?? 'RuntimeException';
  const key = messageKey(s.message);
  const test = key ? `e.getMessage() != null && e.getMessage().contains(${quoted(key, false)})` : 'true';
  return `try {\n    ${call(s.symbol)};\n} catch (${cls} e) {\n    if (${test}) {\n        // this failure: recover, or rethrow with context\n        throw new IllegalStateException("${s.symbol ?? 'operation'} failed", e);\n    }\n    throw e;\n}`;
}

export function kotlinCatchSnippet(s: SnippetInput): string {
  const cls = s.errorClass ?? 'RuntimeException';
  const key = messageKey(s.message);
  const test = key ? `e.message?.contains(${quoted(key, true)}) == true` : 'true';
  return `try {\n    ${call(s.symbol)}\n} catch (e: ${cls}) {\n    if (${test}) {\n        // this failure: recover, or rethrow with context\n        throw IllegalStateException("${s.symbol ?? 'operation'} failed", e)\n    }\n    throw e\n}`;
}

export const javaTypeGuardSnippet = (s: SnippetInput): string | null => (s.errorClass ? `e instanceof ${s.errorClass}` : null);
export const kotlinTypeGuardSnippet = (s: SnippetInput): string | null => (s.errorClass ? `e is ${s.errorClass}` : null);
