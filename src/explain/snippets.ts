// Defensive code per language: how to catch this exact error and tell it apart
// from others of the same class. Languages without an entry get null rather
// than code in the wrong language.

export interface SnippetInput {
  language?: string;
  errorClass: string | null;
  errorCode: string | null;
  message: string;
  symbol: string | null;
}

/** The longest literal run of the message: what identifies it at run time. */
export function messageKey(message: string): string {
  const parts = message.split(/\{[^}]*\}/).map((s) => s.trim());
  return parts.reduce((a, b) => (b.length > a.length ? b : a), '');
}

const call = (symbol: string | null) => (symbol ? `${symbol.split('.').pop()}(...)` : 'operation()');

export function catchSnippet(s: SnippetInput): string | null {
  const key = messageKey(s.message);
  if (s.language === 'python') {
    const cls = s.errorClass ?? 'Exception';
    const test = key ? `'${key.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}' in str(e)` : `isinstance(e, ${cls})`;
    return `try:\n    ${call(s.symbol)}\nexcept ${cls} as e:\n    if ${test}:\n        # this failure: recover, or re-raise with context\n        raise RuntimeError("${s.symbol ?? 'operation'} failed") from e\n    raise`;
  }
  if (s.language === 'javascript' || s.language === 'typescript') {
    const tests = [s.errorClass && isIdent(s.errorClass) ? `err instanceof ${s.errorClass}` : null,
      s.errorCode ? `err.code === '${s.errorCode}'` : key ? `err.message.includes(${JSON.stringify(key)})` : null].filter(Boolean);
    return `try {\n  ${call(s.symbol)};\n} catch (err) {\n  if (${tests.join(' && ') || 'err instanceof Error'}) {\n    // this failure: recover, or rethrow with context\n    throw new Error('${s.symbol ?? 'operation'} failed', { cause: err });\n  }\n  throw err;\n}`;
  }
  return null;
}

export function typeGuardSnippet(s: SnippetInput): string | null {
  if (!s.errorClass) return null;
  const name = s.errorClass.split('.').pop()!;
  if (s.language === 'python') return `isinstance(e, ${s.errorClass})`;
  if (s.language === 'typescript') return `function is${name}(err: unknown): err is ${name} {\n  return err instanceof ${name};\n}`;
  if (s.language === 'javascript') return `err instanceof ${s.errorClass}`;
  return null;
}

const isIdent = (s: string) => /^[A-Za-z_$][\w$.]*$/.test(s);
