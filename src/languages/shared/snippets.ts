// What every pack's snippets share: the part of a message that identifies it at run time,
// and how the raising function is called in an example.

/** The longest literal run of the message: what identifies it at run time. */
export function messageKey(message: string): string {
  const parts = message.split(/\{[^}]*\}/).map((s) => s.trim());
  return parts.reduce((a, b) => (b.length > a.length ? b : a), '');
}

/** `symbol(...)` by the symbol's last name, or `operation()` without one. */
export const callOf = (symbol: string | null) => (symbol ? `${symbol.split('.').pop()}(...)` : 'operation()');
