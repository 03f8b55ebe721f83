// Defensive code in Rust: match the error's variant, or downcast an anyhow error to its type.

import type { SnippetInput } from '../../core/pack.js';
import { messageKey } from '../shared/snippets.js';

// A call by the symbol's last name whose arguments are a comment: Rust that parses.
const callOf = (symbol: string | null) => `${symbol ? symbol.split('.').pop() : 'operation'}(/* … */)`;

export function catchSnippet(s: SnippetInput): string | null {
  const call = callOf(s.symbol);
  if (s.errorClass && s.errorClass.includes('::')) {
    return `match ${call} {\n    Err(${s.errorClass} { .. }) => {\n        // this failure: recover, or return it with context\n    }\n    Err(e) => return Err(e.into()),\n    Ok(v) => {}\n}`;
  }
  const key = messageKey(s.message);
  if (!key) return null;
  return `if let Err(e) = ${call} {\n    if e.to_string().contains(${JSON.stringify(key)}) {\n        // this failure: recover, or return it with context\n    }\n}`;
}

export function typeGuardSnippet(s: SnippetInput): string | null {
  if (!s.errorClass) return null;
  const type = s.errorClass.includes('::') ? s.errorClass.slice(0, s.errorClass.lastIndexOf('::')) : s.errorClass;
  return `err.downcast_ref::<${type}>().is_some()`;
}
