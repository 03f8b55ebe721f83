// Defensive code in Python: catch this exact error and tell it apart from others of its class.

import type { SnippetInput } from '../../core/pack.js';
import { callOf, messageKey } from '../shared/snippets.js';

export function catchSnippet(s: SnippetInput): string {
  const key = messageKey(s.message);
  const cls = s.errorClass ?? 'Exception';
  const test = key ? `'${key.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}' in str(e)` : `isinstance(e, ${cls})`;
  return `try:\n    ${callOf(s.symbol)}\nexcept ${cls} as e:\n    if ${test}:\n        # this failure: recover, or re-raise with context\n        raise RuntimeError("${s.symbol ?? 'operation'} failed") from e\n    raise`;
}

export const typeGuardSnippet = (s: SnippetInput): string | null => (s.errorClass ? `isinstance(e, ${s.errorClass})` : null);
