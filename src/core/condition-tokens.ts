// The tokens of a condition's source text, and a reader over them, shared by the packs' condition
// parsers (src/languages/<pack>/condition.ts): quoted strings, unsigned decimal numbers, names, and
// the operators and brackets conditions are written with. Anything else (interpolated strings,
// arithmetic, a negative number...) leaves the whole text unread.

import { UNKNOWN, type CompareOp, type Condition, type Expr, type Value } from './condition.js';

export type Token = ({ kind: 'str'; value: string } | { kind: 'num'; value: number } | { kind: 'name'; text: string } | { kind: 'op'; text: string }) & {
  /** Offsets of the token in the text (start inclusive, end exclusive). */
  start: number;
  end: number;
};

export interface TokenOptions {
  /**
   * A string may be prefixed by one letter: r / R (raw: backslashes kept as written) or u / U. When
   * false, a prefixed string leaves the text unread.
   */
  prefixedStrings: boolean;
}

const TOKEN = /\s*(?:([rRuU]?)(['"])((?:\\.|(?!\2)[^\\\n])*)\2|(\d+(?:\.\d+)?)|([A-Za-z_$][\w$]*)|(===|!==|==|!=|<=|>=|&&|\|\||[!<>()[\],.]))/y;
const REST_BLANK = /\s*$/y;

/** Tokens of a condition, or null when it holds anything else. */
export function tokenize(text: string, options: TokenOptions): Token[] | null {
  const out: Token[] = [];
  let at = 0;
  while (at < text.length) {
    REST_BLANK.lastIndex = at;
    if (REST_BLANK.test(text)) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) return null;
    const end = TOKEN.lastIndex;
    const span = { start: end - m[0].trimStart().length, end };
    at = end;
    if (m[2]) {
      // (a raw string keeps its backslashes; others only their plainest escapes are read)
      const body = m[3];
      if (m[1] && !options.prefixedStrings) return null;
      if (!m[1] || !/[rR]/.test(m[1])) {
        if (/\\(?![\\'"nt])/.test(body)) return null;
        out.push({ kind: 'str', value: body.replace(/\\([\\'"])/g, '$1').replace(/\\n/g, '\n').replace(/\\t/g, '\t'), ...span });
      } else out.push({ kind: 'str', value: body, ...span });
    } else if (m[4]) out.push({ kind: 'num', value: Number(m[4]), ...span });
    else if (m[5]) out.push({ kind: 'name', text: m[5], ...span });
    else out.push({ kind: 'op', text: m[6], ...span });
  }
  return out;
}

/** The value of a text that is one literal token: a string, a number, or one of `constants` (by name). */
export function readLiteral(expr: string, options: TokenOptions, constants: Record<string, Value>): Value | typeof UNKNOWN {
  const toks = tokenize(expr.trim(), options);
  if (!toks || toks.length !== 1) return UNKNOWN;
  const t = toks[0];
  if (t.kind === 'str' || t.kind === 'num') return t.value;
  if (t.kind === 'name' && Object.hasOwn(constants, t.text)) return constants[t.text];
  return UNKNOWN;
}

export const unknown = (text?: string): Expr => (text === undefined ? { kind: 'unknown' } : { kind: 'unknown', text });

/**
 * A cursor over a condition's tokens, for a recursive-descent parser. Once something is not read
 * (skip()), the cursor is past the end and done() is false: the parser's caller then reads the whole
 * condition as unknown.
 */
export class TokenReader {
  protected i = 0;
  constructor(protected readonly toks: Token[], protected readonly text: string) {}

  /** Whether every token was read. */
  done(): boolean {
    return this.i === this.toks.length;
  }

  /** Whether the token `k` ahead is the operator or name `text`. */
  protected peek(text: string, k = 0): boolean {
    const t = this.toks[this.i + k];
    return !!t && (t.kind === 'op' || t.kind === 'name') && t.text === text;
  }

  protected take(text: string): boolean {
    if (!this.peek(text)) return false;
    this.i++;
    return true;
  }

  /** Something not read here: the rest of the condition is unknown. */
  protected skip(): Expr {
    this.i = this.toks.length + 1;
    return unknown();
  }

  /** The source text from token `from` to the last one read. */
  protected textFrom(from: number): string {
    const last = this.toks[Math.min(this.i, this.toks.length) - 1];
    const first = this.toks[from];
    return first && last && last.end > first.start ? this.text.slice(first.start, last.end) : '';
  }

  /**
   * At `(` or `[`: one parenthesized value, or a tuple / list of `item()`s. Unclosed at the end of
   * the text: unknown there (what came before it is still read).
   */
  protected group(close: ')' | ']', item: () => Expr): Expr {
    this.i++;
    const items: Expr[] = [];
    let comma = false;
    while (!this.peek(close)) {
      if (this.i >= this.toks.length) return unknown();
      items.push(item());
      if (this.take(',')) comma = true;
      else if (!this.peek(close)) return this.skip();
    }
    this.i++;
    if (close === ')' && !comma && items.length === 1) return items[0];
    return { kind: 'list', items };
  }

  /**
   * At `(` after a callee: the arguments (keyword arguments are not read). Null when not read: the
   * text ends before the `)` (the reader is at the end), or holds something else (skipped).
   */
  protected callArgs(item: () => Expr): Expr[] | null {
    this.i++;
    const args: Expr[] = [];
    while (!this.take(')')) {
      if (this.i >= this.toks.length) return null;
      args.push(item());
      if (!this.take(',') && !this.peek(')')) {
        this.skip();
        return null;
      }
    }
    return args;
  }
}

/** How a language writes what OperatorReader reads itself. */
export interface OperatorSyntax {
  /** The comparison operators as written, longest first (`['===', 'eq']`, …). */
  ops: readonly (readonly [string, CompareOp])[];
  /** Names that are literal values (`true`, `nil`, `NULL`). */
  constants: Record<string, Value>;
  /** Brackets that group an operand, by their closing one (default: `(` only). */
  groups?: Record<string, ')' | ']'>;
  /** How `or`, `and` and `not` are written (default: `||`, `&&`, `!`). */
  words?: { or: readonly string[]; and: readonly string[]; not: readonly string[] };
}

const C_WORDS = { or: ['||'], and: ['&&'], not: ['!'] } as const;

/**
 * The operator ladder every pack shares: `or` over `and` over `not` over one comparison written as in
 * the language's table, and the operands every language writes alike (string and number literals,
 * constants, groups). The pack reads what an operand starting with a name is (`named`: variables,
 * calls, members; `members` reads the chain after one) and may read more in `comparison`
 * (`instanceof`), `compared` (`in`, `is`) or `operand` (`typeof`).
 */
export abstract class OperatorReader extends TokenReader {
  private readonly words: NonNullable<OperatorSyntax['words']>;

  constructor(toks: Token[], text: string, private readonly syntax: OperatorSyntax) {
    super(toks, text);
    this.words = syntax.words ?? C_WORDS;
  }

  or(): Expr {
    return this.ladder(this.words.or, 'or', () => this.and());
  }

  private and(): Expr {
    return this.ladder(this.words.and, 'and', () => this.not());
  }

  protected not(): Expr {
    if (this.takeAny(this.words.not)) return { kind: 'not', value: this.not() };
    return this.comparison();
  }

  private ladder(written: readonly string[], kind: 'and' | 'or', next: () => Expr): Expr {
    const operands = [next()];
    while (this.takeAny(written)) operands.push(next());
    return operands.length === 1 ? operands[0] : { kind, operands };
  }

  private takeAny(written: readonly string[]): boolean {
    return written.some((w) => this.take(w));
  }

  protected comparison(): Expr {
    return this.compared(this.operand());
  }

  /** `left` compared with the next operand by the operator that follows, if one does. */
  protected compared(left: Expr): Expr {
    const op = this.syntax.ops.find(([written]) => this.take(written));
    return op ? { kind: 'compare', op: op[1], left, right: this.operand() } : left;
  }

  /** One side of a comparison. */
  protected operand(): Expr {
    return this.primary();
  }

  protected primary(): Expr {
    const t = this.toks[this.i];
    if (!t) return unknown();
    if (t.kind === 'str' || t.kind === 'num') {
      this.i++;
      return { kind: 'literal', value: t.value };
    }
    const close = t.kind === 'op' ? (this.syntax.groups ?? PARENS)[t.text] : undefined;
    if (close) return this.group(close, () => this.or());
    if (t.kind !== 'name') return this.skip();
    const from = this.i++;
    if (Object.hasOwn(this.syntax.constants, t.text)) return { kind: 'literal', value: this.syntax.constants[t.text] };
    return this.named(t.text, from);
  }

  /** The operand starting with the name `name` (its token at `from`, the reader past it). */
  protected abstract named(name: string, from: number): Expr;

  /**
   * The chain after `v`, an operand that started at token `from`: each `.attr` or `.attr(args)` as
   * `step` reads it (null: not read, the chain so far is unknown), then a call after it all, unknown.
   */
  protected members(v: Expr, from: number, step: (v: Expr, attr: string, args: Expr[] | null) => Expr | null): Expr {
    while (this.peek('.')) {
      this.i++;
      const attr = this.toks[this.i++];
      if (!attr || attr.kind !== 'name') return this.skip();
      const args = this.peek('(') ? this.callArgs(() => this.or()) : null;
      v = step(v, attr.text, args) ?? unknown(this.textFrom(from));
    }
    if (this.peek('(')) {
      this.callArgs(() => this.or());
      return unknown(this.textFrom(from));
    }
    return v;
  }
}

const PARENS: Record<string, ')' | ']'> = { '(': ')' };

/** `text` read whole by the reader over `tokensText`'s tokens (the text as the pack rewrote it), else unknown. */
export function readCondition(
  text: string, tokensText: string, options: TokenOptions, make: (toks: Token[]) => OperatorReader, emptyListFalse: boolean,
): Condition {
  const toks = tokenize(tokensText, options);
  let expr: Expr = unknown();
  if (toks) {
    const p = make(toks);
    const e = p.or();
    if (p.done()) expr = e;
  }
  return { text, expr, emptyListFalse };
}
