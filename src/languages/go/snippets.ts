// Defensive code in Go: `errors.Is` with the sentinel, `errors.As` with the error type, else the
// message's text.

import type { SnippetInput } from '../../core/pack.js';
import { callOf, messageKey } from '../shared/snippets.js';

const goString = (s: string): string => JSON.stringify(s);

export function catchSnippet(s: SnippetInput): string {
  const call = callOf(s.symbol);
  if (s.errorClass) {
    const t = s.errorClass.replace(/^\*/, '');
    return `if err := ${call}; err != nil {\n\tvar target *${t}\n\tif errors.As(err, &target) {\n\t\t// this failure: recover, or wrap with context\n\t\treturn fmt.Errorf("${s.symbol ?? 'operation'}: %w", err)\n\t}\n\treturn err\n}`;
  }
  const key = messageKey(s.message);
  const test = key ? `strings.Contains(err.Error(), ${goString(key)})` : 'err != nil';
  return `if err := ${call}; err != nil {\n\tif ${test} {\n\t\t// this failure: recover, or wrap with context\n\t\treturn fmt.Errorf("${s.symbol ?? 'operation'}: %w", err)\n\t}\n\treturn err\n}`;
}

export const typeGuardSnippet = (s: SnippetInput): string | null =>
  s.errorClass ? `func is${s.errorClass.split('.').pop()}(err error) bool {\n\tvar target *${s.errorClass.replace(/^\*/, '')}\n\treturn errors.As(err, &target)\n}` : null;
