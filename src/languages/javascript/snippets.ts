// Defensive code in JavaScript and TypeScript: catch this exact error and tell it apart from
// others of its class (by class, then by code or message).

import type { SnippetInput } from '../../core/pack.js';
import { callOf, messageKey } from '../shared/snippets.js';

const isIdent = (s: string) => /^[A-Za-z_$][\w$.]*$/.test(s);

export function catchSnippet(s: SnippetInput): string {
  const key = messageKey(s.message);
  const tests = [s.errorClass && isIdent(s.errorClass) ? `err instanceof ${s.errorClass}` : null,
    s.errorCode ? `err.code === '${s.errorCode}'` : key ? `err.message.includes(${JSON.stringify(key)})` : null].filter(Boolean);
  return `try {\n  ${callOf(s.symbol)};\n} catch (err) {\n  if (${tests.join(' && ') || 'err instanceof Error'}) {\n    // this failure: recover, or rethrow with context\n    throw new Error('${s.symbol ?? 'operation'} failed', { cause: err });\n  }\n  throw err;\n}`;
}

export const typeGuardSnippet = (s: SnippetInput): string | null => (s.errorClass ? `err instanceof ${s.errorClass}` : null);

/** TypeScript: a type guard function narrowing `unknown` to the class. */
export function tsTypeGuardSnippet(s: SnippetInput): string | null {
  if (!s.errorClass) return null;
  const name = s.errorClass.split('.').pop()!;
  return `function is${name}(err: unknown): err is ${name} {\n  return err instanceof ${name};\n}`;
}
