// The site model: what a language pack's analysis of one file returns. A pack sees
// one file's text, never the file system, and returns plain data: the sites that
// raise, and the error classes the file defines (resolved across the whole tree
// later, in assemble, so `raise NotFound(name)` gets the class's own message).

import type { Template } from '../template/ir.js';

export type ErrorType = 'exception' | 'assertion' | 'log' | 'warning' | 'exit' | 'http' | 'rejection' | 'callback';
export type Severity = 'critical' | 'error' | 'warning' | 'info';

export interface Guard {
  /** `if` (condition held), `else` (text is the negated condition, e.g. `not (x > 0)`), `elif`, `while`, `for`, `except`, `case`, `try`... */
  kind: string;
  /** The condition as source text; for `else` the negation of the condition(s) not taken. */
  text: string;
  line: number;
}

/** An argument passed to an error constructor or raising helper, as a template. */
export interface ArgInfo {
  /** Keyword name (Python `msg=`) or null for positional. */
  name: string | null;
  template: Template;
  /** The source text of the argument expression. */
  expr: string;
  /** Other messages the argument can hold (a name assigned in exclusive branches); each gives the site another record. */
  alts?: Template[];
  /** The elements of an array literal argument (`['option `bom` must be …,', `got ${x}`]`), for a parameter the class joins (Hole.join). */
  items?: Template[];
}

/** What a pack writes of a site beyond its place and context: its kind and message, and what it knows besides. */
export type SiteFields = Partial<RawSite> & Pick<RawSite, 'errorType' | 'template'>;

/** A site at `line`/`column` in `symbol` under `guards`: no class, code or status, an error, no arguments, but what `fields` say. */
export function siteAt(line: number, column: number, symbol: string | null, guards: Guard[], fields: SiteFields): RawSite {
  return { line, column, errorClass: null, errorCode: null, httpStatus: null, severity: 'error', args: [], symbol, guards, ...fields };
}

/** Whether the site raises again a caught error's message (RawSite.wraps, not an error value: `wraps.values`), whose `try` body's calls facts/raised.ts follows. */
export function reraisesCaught(site: RawSite): boolean {
  return !!site.wraps && !site.wraps.values;
}

/** The site with `f` applied, in place, to its template, its arguments' templates and their other readings, and its alternatives. */
export function mapSiteTemplates(site: RawSite, f: (t: Template) => Template): RawSite {
  if (site.template) site.template = f(site.template);
  for (const a of site.args) {
    a.template = f(a.template);
    if (a.alts) a.alts = a.alts.map(f);
  }
  if (site.alternatives) site.alternatives = site.alternatives.map(f);
  return site;
}

export interface RawSite {
  /** 1-based line of the raising statement (the `raise`/`throw` keyword line). */
  line: number;
  column: number;
  errorType: ErrorType;
  /** Exception class as written at the site (`ValueError`, `errors.NotFound`, `TypeError`); null for logs etc. */
  errorClass: string | null;
  errorCode: string | null;
  httpStatus: number | null;
  severity: Severity;
  /**
   * The message, when the site itself determines it. Null when it depends on the
   * class (e.g. `raise NotFound(name)`): assemble then builds it from `classes`.
   */
  template: Template | null;
  /** Constructor/call arguments, for resolving class templates in assemble. */
  args: ArgInfo[];
  /** Qualified enclosing symbol: `Class.method`, `outer.<locals>.inner` is written `outer.inner`. */
  symbol: string | null;
  /** Outermost first. */
  guards: Guard[];
  /** Parameter names of the enclosing function (without `self`/`cls`): a message hole naming one is filled by callers. */
  params?: string[];
  /**
   * The enclosing function hands itself to the error it builds (`new AssertionError(msg, props,
   * this.assert)`, whose constructor calls `Error.captureStackTrace(this, ssf)`): a trace shows
   * each call of it instead, so each caller's message is a record at the call (record/assemble).
   */
  hidesFrame?: true;
  /**
   * With hidesFrame: the error is returned, not thrown, so no frame shows the calls it came through;
   * each message is a record at the call that writes it (CallerTemplate.via), not at the first call
   * of the site's function (a helper handing its caller's text to another helper).
   */
  returned?: true;
  /**
   * The site's function is called only from its own directory (a package, where a call of another
   * package's function names the package): a call of its name in another directory is another
   * function's (facts/callers.ts).
   */
  callersInDir?: true;
  /** Parameters the enclosing function assigns to, with the line of the first assignment: guards from there on are not read with a caller's values. */
  reassigned?: Record<string, number>;
  /**
   * Messages the site may raise when its message is picked from a table at run
   * time (`new RangeError(errors[type])`): assemble makes one record of each.
   */
  alternatives?: Template[];
  /** True when the site rethrows something caught or received (not a new error). */
  rethrow?: boolean;
  /**
   * The message is a caught exception's (`except TypeError as exc: raise TypeError(exc)`): the
   * class caught (null when not one class) and the names of the functions the `try` body calls,
   * whose raises of that class give the messages.
   */
  wraps?: {
    caught: string | null;
    calls: string[];
    /**
     * An error value received from those calls and raised again (Go's `g, err := Compile(p); if err
     * != nil { panic(err) }`, Rust's `match try_new(…) { Err(e) => panic!("{}", e) }`): any error the
     * called functions make is its message, and those of the functions they hand errors on from
     * (FileAnalysis.forwards), in the same file.
     */
    values?: boolean;
    /**
     * The first and last lines of the `try` body the handler is for: raises of the class caught
     * written there, in the same function, leave the `try` as this site's error too.
     */
    body?: [number, number];
  };
  /** The parameter of the enclosing function that holds the class constructed (`throw new Ctor(message)`): callers give the class. */
  classParam?: string;
  /**
   * The message is a property of a value a class's constructor was given (a result's `Failure(reason)`
   * raised as `throw X(reason)` where the value was tested to be one): the constructions pass it, as a
   * function's callers pass a parameter. `symbol`: the class (its calls are named by it); `params`: its
   * constructor's, the template's hole named as one.
   */
  heldBy?: { symbol: string; params: string[] };
  /** `raise cls._unknown_exception_class()`: the called function's name, whose definitions return the class raised (FileAnalysis.factories). */
  factory?: string;
  /**
   * `for _, cls in inspect.getmembers(module, inspect.isclass): if cls.error == error: raise cls(**kwargs)`:
   * the class raised is a loop's variable. `names`: the classes the loop runs over when written out
   * (`for cls in (A, B)`), else null: the error classes of the site's file; `attr`: the class attribute
   * the loop tests (`cls.error == …`), which a class must set to be raised.
   */
  loopClass?: { names: string[] | null; attr: string | null };
  /**
   * The error object is built here but returned or passed on rather than thrown
   * (`return new SyntaxError(message)` in a factory). In JavaScript the stack,
   * and so the innermost frame of a trace, points at this line.
   */
  constructedOnly?: boolean;
  /**
   * The error built here is kept to be raised elsewhere (facts/built.ts): stored on the object
   * (`self._error = ValueError(…)`, `this._error = new TypeError(…)`: `attr:<Class>.<name>`), put in
   * a list (`errors.append(…)`, `errors.push(…)`: `list:<symbol>:<name>`, or `attr:` for a list on
   * the object), or yielded by a rule function (`yield RuleError(…)`: `yield:<function name>`, across
   * the tree), or handed to a function as its only argument (`exc = SAXParseException(…)` /
   * `handler.fatalError(exc)`: `call:<function name>`, across the tree, raised by a function of that
   * name that raises its first parameter; nothing else keeps it). Set with constructedOnly.
   */
  heldAs?: string;
  /**
   * What is kept (heldAs) is a plain object carrying a message, not an error (`{ message: '…' }`
   * pushed to a list an error class is later built from): no stack is taken where it is built, so
   * its message's record is at the raise, as for a language whose traces show the raise.
   */
  heldPlain?: boolean;
  /**
   * The error raised here is also kept, under this heldAs key, to be raised elsewhere (an error a
   * helper raises in one mode and stores in another: `if self.raise_errors: raise error` beside
   * `self._errors.append(error)`): its messages reach those raises too, and it keeps its own records.
   */
  keptAs?: string;
  /** A raise of an error kept elsewhere (`raise self._error`, `throw errors[0]`, `for e in rules(x): raise e`): the keys of heldAs it raises. */
  raisesHeld?: string[];
  /** An error group (`ExceptionGroup('…', errors)`, `new AggregateError(errors, '…')`): the keys of heldAs its members come from. */
  groupOf?: string[];
  /**
   * The message is the runtime's, written in its native code (languages/shared/native.ts): the site
   * is a call of this callable (`struct.unpack`), which raises it; the template is the catalogue's.
   */
  native?: string;
  /**
   * The message is written here and handed to this callable of another package, which raises it
   * (`RegexValidator(…, message='Digits only')`): the site is the call.
   */
  handedTo?: string;
  /**
   * The site's function or class is marked deprecated where it is declared (a doc comment's
   * `@deprecated`): kept for old callers, its raise ranks after a raise of the same text elsewhere
   * (service/origin-first.ts).
   */
  deprecated?: true;
}

/**
 * The held-message key (RawSite.heldAs) of the texts a message function returns (typebox's
 * `DefaultErrorFunction`): looked up across the tree (facts/built.ts), raised by the constructions
 * of classes built from an object's `message` field (ClassInfo.messageField).
 */
export const RETURNED_MESSAGE = 'returned:message';

/** ClassInfo.altWhen: the constructor's parameter and the literal it is compared with. */
export interface AltWhen {
  param: string;
  value: string;
}

export interface ClassInfo {
  name: string;
  /** Base classes as written (`ValueError`, `errors.Base`). */
  bases: string[];
  line: number;
  /** Message fixed by the class (`__init__` → `super().__init__(...)`, `__str__`, JS constructor `super(...)`), with holes naming constructor params. */
  template: Template | null;
  /** Constructor parameter names in order (without self), to bind call arguments to holes. */
  params: string[];
  /** Error code the class fixes (`this.code = 'ERR_X'`, `code = 'x'` class attribute). */
  code?: string | null;
  httpStatus?: number | null;
  /**
   * Other messages the class can fix: with a parameter's default (`if msg is None: msg = "..."`)
   * or the parameter itself. A site takes the one that uses the arguments it passes.
   */
  alts?: Template[];
  /**
   * Other messages the class fixes by a condition in its constructor (`if (…) this.message = 'a';
   * else this.message = 'b'`): each is a message of every site raising the class.
   */
  branches?: Template[];
  /**
   * The condition each of `alts` is the message under, when the constructor chooses it by an argument
   * compared with a literal (`if ($this->matchType === 'identifier') { $message = …; }`): a raise passing
   * that literal takes that form, one passing another literal the forms under no condition (null).
   */
  altWhen?: (AltWhen | null)[];
  /**
   * Other forms of each branch (`branches[i]`'s), by an optional argument (`if ($name) { $message .=
   * …; }`): a raise takes the form that uses the arguments it passes, as it does among `alts`.
   */
  branchAlts?: Template[][];
  /**
   * The constructor's message is the `message` field of an object it is given (`super(failure.message)`):
   * its constructions raise the texts message functions return (RETURNED_MESSAGE), in whichever file.
   */
  messageField?: boolean;
  /** Where `template` comes from: `str` (`__str__`/`toString`, which overrides what is passed to the base), `super` (arguments to the base constructor), `attr`. */
  templateFrom?: 'str' | 'super' | 'attr';
  /** Arguments passed to the base class constructor (`super().__init__(line, col, message=msg)`), bound into the base's template. */
  superArgs?: ArgInfo[];
  /** The class whose constructor gets `superArgs` when named (`Error.__init__(self, msg)`); else the first base. */
  superClass?: string;
  /** String class attributes (`error = 'invalid_request'`): fill a base template's `self.error`. */
  attrs?: Record<string, string>;
  /**
   * The texts the class's properties return (`@property def _str_details(self): return 'The %s attribute
   * was not provided' % …`): fill a base template's `self._str_details` as `attrs` do, the most derived
   * class's attribute or property first. A method called with nothing is keyed with its parentheses
   * (`format_message()`), filling a base's `self.format_message()`.
   */
  props?: Record<string, Template>;
  /**
   * The class is written inside a namespace (`module ISO8601; module Errors; class RangeError`):
   * its bare name reaches it only from code near it (facts/classes.ts lookup).
   */
  nested?: true;
  /**
   * The path of the namespaces the class is written in, outermost first, joined by `::` (`A::B` for
   * a class C written in `module A; module B`, or named `A::B::C`; '' at the top level); unset when
   * not known. A reference by a path (`X::C`) reaches only a class whose namespace ends with `X`
   * (facts/classes.ts lookup).
   */
  namespace?: string;
  /**
   * Texts the constructor sets on the object (`self.message = "(%s) is not a valid ISBN" % isbnlike`),
   * holes naming its parameters: fill a base template's `self.message` (a base's `__str__` returning
   * it) when the class inherits its message.
   */
  initTexts?: Record<string, Template>;
  /**
   * The constructor hands the arguments it is given on to its base as they are, in one of its
   * branches (`def __init__(self, *args): … return super().__init__(*args)`): a subclass handing it a
   * text of its own says that text.
   */
  passesArgsOn?: boolean;
  /** The class docstring. */
  doc?: string;
  /** The constructor or `__str__` reads `__doc__`: a class raised without arguments says its docstring. */
  usesDoc?: boolean;
}

/**
 * A call with at least one string-ish argument (a literal, f-string, template
 * literal, or concatenation holding literal text). Helpers that raise a message
 * they receive (`fail(msg)`, `syntaxError(message)`) get their templates from these.
 */
export interface CallInfo {
  /** Last identifier of the callee: `self._error(...)` → `_error`, `utils.fail(...)` → `fail`. */
  callee: string;
  args: ArgInfo[];
  line: number;
  /** Enclosing function, as RawSite.symbol. */
  symbol: string | null;
  /** Parameter names of the enclosing function (without `self`/`cls`), to follow helpers of helpers. */
  params?: string[];
  /**
   * The callee is imported (`from .util import fail`, `const { fail } = require('./util')`): the module,
   * as a path relative to the calling file (`./util`, `../errors`) or from the top of an absolute import
   * (`email/errors`). Only a helper of a file that module names is called (facts/modules.ts).
   */
  from?: string;
  /**
   * The callee is a plain name the calling file declares as a function (`error(…)` with `function
   * error(message)` around it): the call is of that function, never of another file's helper of
   * the same name.
   */
  local?: boolean;
  /**
   * The callee is a callable its object stored from a constructor parameter of that name
   * (`self.error_func(msg, …)` with `self.error_func = error_func`): it is whatever function a
   * construction hands that parameter (FileAnalysis.callbacks).
   */
  stored?: boolean;
  /**
   * The class the call's receiver is known to be (`$this->error(…)` in class Lexer, `$parser->error(…)`
   * with `Parser $parser` a parameter, `Lexer::fail(…)`): of two classes declaring a helper of the
   * callee's name, the call is only the named one's.
   */
  receiverClass?: string;
  /**
   * The call is a site of the text it hands a helper (written here, the helper's record elsewhere):
   * it binds only a helper whose callers' messages are records at their calls (RawSite.hidesFrame);
   * another helper's record of the message is this call's own.
   */
  handed?: true;
}

/**
 * A table of messages keyed by a code or name (`ErrorMessages = { UnexpectedEOF: '…' }`,
 * `default_error_messages = {'invalid': '…'}`, a locale file): what lookups into it give
 * (Hole.lookup). A pack reports the tables other files may look into (the same file's lookups
 * it resolves itself); record/ reads them tree-wide.
 */
/**
 * The name of a table of the texts a module exports one by one (`exports.NOT_FOUND = '…'`), and the
 * prefix of a lookup into one: `<module>../constants/error_msgs` is a lookup from a file that binds
 * that module as a namespace (`ERROR_MSGS.NOT_FOUND`), resolved against the importing file's path.
 */
export const MODULE_TABLE = '<module>';

export interface MessageTable {
  /**
   * The name lookups use: the variable, class attribute or export (`ErrorMessages`, `error_messages`); a locale file's is '';
   * MODULE_TABLE for the texts a module exports one by one, which record/ files under the module's path.
   */
  name: string;
  /** Entries in order: the key (nested keys joined by `.`), the template with its placeholders opened, the line it is written on. */
  entries: { key: string; template: Template; line: number }[];
  /**
   * The name of another table whose entries this one gives, read from the file the lookup is
   * from as a lookup of that name would be: a record's field read by name at a raise is the
   * record's position its constants pass texts at (python/record-fields.ts). Followed once.
   */
  reads?: string;
}

export interface FileAnalysis {
  sites: RawSite[];
  classes: ClassInfo[];
  /** Calls to helpers that raise a message they receive (see CallInfo). */
  calls?: CallInfo[];
  /** First line of a syntax error, when the parser had to recover (the rest is still analyzed). */
  syntaxErrorLine?: number | null;
  /** Message tables the file defines (see MessageTable). */
  tables?: MessageTable[];
  /** Functions that only return a class (`def _unknown_exception_class(cls): return UnknownRdatatype`), by name. */
  factories?: Record<string, string[]>;
  /** Methods and functions returning a message looked up by a parameter (see MessageReturn). */
  returns?: MessageReturn[];
  /**
   * Functions of this file handed to a call by keyword (`CLexer(error_func=self._lex_error_func)`):
   * a stored callback of that name (CallInfo.stored) calls them.
   */
  callbacks?: { key: string; fn: string }[];
  /**
   * Classes whose attribute lookup (`__getattr__`) returns one of their methods for some names
   * (cssutils' error handler: `error`, `warn`, … → `__handle`): `recv.error(…)` on an instance is a
   * call of that method (MethodHelpers.dispatched).
   */
  dispatch?: { classes: string[]; method: string; names: string[] }[];
  /**
   * Functions that hand on the errors of functions they call (`if err := v.Set(s); err != nil {
   * return nil, err }`, `try_new(…)?`): function name → the called names. Read for a raise of
   * such an error value (RawSite.wraps.values); a pack fills it only in files that have one.
   */
  forwards?: Record<string, string[]>;
  /**
   * The names each function of the file calls (symbol → names), when the pack read them while it
   * analysed the file (it has a re-raise of a caught error, whose `try` body's calls facts/raised.ts
   * follows): else a pack that reads them on demand (LanguageAnalyzer.callsByFunction) parses the
   * file again for them.
   */
  callsByFunction?: Record<string, string[]>;
}

/**
 * A method or function that returns a message it looks up in a table by one of its parameters
 * (`def message(self, msgName, state, **kw): msg = self._messages[msgName] … return msg % kw`).
 * A call from another module with a literal key (a hole's `call`) gets that entry: record/ binds
 * `template` to the call's arguments, then reads the table.
 */
export interface MessageReturn {
  name: string;
  /** Its parameters in order (without `self`/`cls`). */
  params: string[];
  template: Template;
  line: number;
  /** A method overriding a base's (`protected` in a subclass): only for the base's Hole.call.hook calls. */
  hook?: boolean;
}
