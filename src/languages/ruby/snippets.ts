// Defensive code in Ruby: rescue this exact error and tell it apart from others of its class.

import type { SnippetInput } from '../../core/pack.js';
import { messageKey } from '../shared/snippets.js';

const isClass = (s: string) => /^[A-Z]\w*(?:::[A-Z]\w*)*$/.test(s);
const callOf = (symbol: string | null) => (symbol ? symbol.split('.').pop()! : 'operation');

export function catchSnippet(s: SnippetInput): string {
  const key = messageKey(s.message);
  const cls = s.errorClass && isClass(s.errorClass) ? s.errorClass : 'StandardError';
  const test = key ? `e.message.include?(${JSON.stringify(key).replace(/#/g, '\\#')})` : `e.is_a?(${cls})`;
  return `begin\n  ${callOf(s.symbol)}\nrescue ${cls} => e\n  raise unless ${test}\n  # this failure: recover, or raise with context\n  raise "${callOf(s.symbol)} failed"\nend`;
}

export const typeGuardSnippet = (s: SnippetInput): string | null => (s.errorClass && isClass(s.errorClass) ? `e.is_a?(${s.errorClass})` : null);
