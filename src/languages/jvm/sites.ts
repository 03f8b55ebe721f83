// What the Java and Kotlin analyses share: the walk's state (enclosing symbol, parameters, guards,
// caught names, local and constant strings), how a site is made, and the tables of calls that
// raise or log (require/check, Objects.requireNonNull, Guava's Preconditions, loggers).

import { siteAt, type ArgInfo, type ClassInfo, type Guard, type RawSite, type Severity, type SiteFields } from '../../core/site.js';
import { markCaughtMessages } from '../shared/caught.js';
import { isHole, isLit, lastSegment, type Hole, type Template } from '../../template/ir.js';

/** One function's state: its symbol, parameters, and the strings its locals were given. */
export interface Fn {
  symbol: string | null;
  params: string[];
  /** Local names → the template of the text they were given (the last assignment before use). */
  locals: Map<string, Template>;
  /** Parameters → their declared type's name (`problem: Problem`), when it is a class's (read on first use): an enum's text property read from one is a lookup (enum tables). */
  types?: () => Map<string, string> | null;
  /**
   * The function's body is read as the text it returns, for its callers (Kotlin messageReturns): a
   * bundle key it is given (`bundle.getString(key)`) is looked up by the key each caller passes.
   */
  returning?: true;
  /**
   * Locals given text in branches that do not hold the use (`String message = null; if (…) message = "a";
   * else message = "b";`) → every text one of them may hold there, the first `locals`'s (Java).
   */
  branchTexts?: Map<string, Template[]>;
}

/** Where the walk is: the function, the guards around it, the names bound to caught errors. */
export interface At {
  fn: Fn;
  guards: Guard[];
  caught: ReadonlySet<string>;
  /** The enclosing classes, outermost first. */
  classes: string[];
}

export const NO_CAUGHT: ReadonlySet<string> = new Set();

/** `e`, `e.getMessage()`, `e.message`, `e.toString()`, `e.localizedMessage`: a caught error's message. */
const CAUGHT_TEXT = /^([A-Za-z_$][\w$]*)(?:\??\.(?:getMessage\(\)|getLocalizedMessage\(\)|toString\(\)|message|localizedMessage))?$/;

/** Names of classes that are errors (`FooException`, `BarError`, `Throwable`). */
export const EXC_NAME = /(?:Exception|Error|Throwable|Failure|Fault)$/;

/** A template that holds literal text (a message, not just a value passed on). */
/** A translation's class name (`Resources_de`, `awt_zh_TW`): its texts are not the bundle's own language's. */
export const LOCALE_SUFFIX = /_[a-z]{2,3}(?:_[A-Z]{2})?$/;
/** Entries of one file's resource bundles read, at most. */
export const MAX_BUNDLE_ENTRIES = 2000;
/** ResourceBundle's methods giving the text of a key. */
export const BUNDLE_LOOKUP = new Set(['getString', 'getObject']);
export const hasLiteral = (t: Template | null): t is Template => !!t && t.some(isLit);

export function makeSite(at: At, line: number, column: number, fields: SiteFields): RawSite {
  const r = siteAt(line, column, at.fn.symbol, at.guards, { ...(at.fn.params.length ? { params: at.fn.params } : {}), ...fields });
  return markCaughtMessages(r, at.caught, CAUGHT_TEXT);
}

/** The message a constructor call gives: its first argument when that is text or the only one, else the first text argument. */
export function messageOf(args: ArgInfo[]): Template | null {
  if (args.length === 0) return null;
  if (hasLiteral(args[0].template)) return args[0].template;
  const later = args.findIndex((a) => hasLiteral(a.template));
  return later > 0 ? args[later].template : args[0].template;
}

/**
 * A constructor's text handed to `super(…)`: the class's template when it has none yet, with that
 * constructor's parameters and arguments (null returned); else the text, another form of the class's.
 */
export function superText(info: ClassInfo, t: Template, params: string[], args: ArgInfo[]): Template | null {
  if (info.template !== null) return t;
  info.template = t;
  info.params = params;
  info.templateFrom = 'super';
  info.superArgs = args;
  return null;
}

/** Kotlin's preconditions (kotlin/util/Preconditions.kt, Standard.kt): class, default message, the argument index of the message. */
export const KOTLIN_CHECKS: Record<string, { cls: string; fallback: string; lazy: boolean }> = {
  require: { cls: 'IllegalArgumentException', fallback: 'Failed requirement.', lazy: true },
  check: { cls: 'IllegalStateException', fallback: 'Check failed.', lazy: true },
  requireNotNull: { cls: 'IllegalArgumentException', fallback: 'Required value was null.', lazy: true },
  checkNotNull: { cls: 'IllegalStateException', fallback: 'Required value was null.', lazy: true },
  error: { cls: 'IllegalStateException', fallback: '', lazy: false },
};

/** Guava's Preconditions and Verify: the class each raises; the message (a `%s` template) is the second argument. */
export const GUAVA_CHECKS: Record<string, string> = {
  checkArgument: 'IllegalArgumentException',
  checkState: 'IllegalStateException',
  checkNotNull: 'NullPointerException',
  verify: 'VerifyException',
  verifyNotNull: 'VerifyException',
};

/** Logger methods that report a failure, by the severity of what they log (SLF4J, Log4j, java.util.logging, Android). */
export const LOG_METHODS: Record<string, Severity> = {
  error: 'error', fatal: 'critical', severe: 'critical', warn: 'warning', warning: 'warning', wtf: 'critical', e: 'error', w: 'warning',
};
/** java.util.logging's levels in `log(Level.X, msg, …)`. */
export const LOG_LEVELS: Record<string, Severity> = { SEVERE: 'critical', WARNING: 'warning', ERROR: 'error', FATAL: 'critical', WARN: 'warning' };

/** A receiver that is a logger by its name (`log`, `LOG`, `logger`, `this.logger`, `Log` of Android). */
export const isLogger = (receiver: string | null): boolean => !!receiver && /^_?(?:log|logger)$/i.test(lastSegment(receiver).replace(/^[sm](?=[A-Z])/, ''));

/** A guard's condition with one pair of outer parentheses removed, on one line. */
export function conditionText(text: string): string {
  let t = text.trim();
  if (t.startsWith('(') && t.endsWith(')')) t = t.slice(1, -1).trim();
  return t.replace(/\s+/g, ' ');
}

export const oneLine = (s: string): string => s.replace(/\s*\n\s*/g, ' ').trim();

/** A name's message, Kotlin's `cause.message`, `cause?.localizedMessage`, Java's `cause.getMessage()`. */
const CAUSE_MESSAGE = /^(\w+)(?:\??\.(?:message|localizedMessage)|\.(?:getMessage|getLocalizedMessage)\(\))$/;

/**
 * A class's text with the message of a parameter declared an error class (`class TransactionException(id:
 * String, cause: Throwable) : LedgerException("Transaction $id failed: ${cause.message}", cause)`) read as
 * that parameter, holding another error's message (Hole.inner): a raise passing the error its handler caught
 * (`catch (e: LedgerException) { throw TransactionException(id, e) }`) binds it there, with the class the
 * handler catches (facts/classes.ts bindTemplate), so the raise whose text it wraps ranks below the wrapper
 * (match/wrap.ts), as `"… ${e.message}"` written at the raise does. Java's `cause.getMessage()` in `super(…)` alike.
 */
export function causeMessages(t: Template, causes: ReadonlySet<string>): Template {
  const param = (h: Hole): string | undefined => {
    const m = CAUSE_MESSAGE.exec(h.expr ?? '');
    return m && causes.has(m[1]) ? m[1] : undefined;
  };
  if (!t.some((x) => isHole(x) && !x.hole.lookup && param(x.hole))) return t;
  return t.map((x) => {
    const p = isHole(x) && !x.hole.lookup ? param(x.hole) : undefined;
    return p ? { hole: { ...(x as { hole: Hole }).hole, expr: p, inner: true as const } } : x;
  });
}
