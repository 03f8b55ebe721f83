// The contract of a language pack: everything errdex knows about one language
// family lives behind it (src/languages/<id>/), and every other stage asks the
// registry (src/languages/registry.ts) instead of naming a language.
//
// A pack serves one or more languages (JavaScript and TypeScript share one):
// each language is a record `language` value with its extensions and snippets.
// File rules, the trace parser and repr are the pack's, shared by its languages.
//
// What only analysis needs (grammars, analyze, condition syntax: most of a pack's
// code) is the pack's Analyzer, loaded on first use: explain, show and stats read
// traces and records and never load it (test/architecture/startup.test.ts).

import type { SgRoot } from '@ast-grep/napi';
import type { Template } from '../template/ir.js';
import type { ConditionSyntax } from './condition.js';
import type { ArgInfo, CallInfo, FileAnalysis, Guard } from './site.js';
import type { ErrorLink, Frame } from './trace.js';
import type { LineSource } from './text/lines.js';

/** What a snippet is written about: one record's class, code, message and symbol. */
export interface SnippetInput {
  language?: string;
  errorClass: string | null;
  errorCode: string | null;
  message: string;
  symbol: string | null;
}

export interface Language {
  /** Language name stored on records (`language`). */
  name: string;
  /** File extensions, lower case, without the dot. */
  extensions: string[];
  /**
   * Files of this language run only once compiled: in an installed package the compiled copy is
   * what a trace names, so records of the sources rank just below it.
   */
  compiled?: boolean;
  /**
   * Installed packages keep this language's record paths relative to the package directory (an
   * npm package's `lib/x.js`), rather than to the directory it is imported from (site-packages'
   * `pkg/x.py`): a frame then matches only inside that package's directory.
   */
  pathsFromPackageDir?: boolean;
  /**
   * Errors are values, wrapped with context at each layer they pass (`fmt.Errorf("…: %w", err)`) and
   * printed far away with no trace: in a wrapped message the innermost layer is where the error was
   * made, so it is the answer, ahead of the wrappers around it (match/wrap.ts).
   */
  errorsAsValues?: boolean;
  /**
   * The runtime appends the line of source that raised to an error's message, as written
   * (indentation kept), with a caret line under the call (Ruby 3.1+'s error_highlight: `undefined
   * method 'x' for nil` then `\n\n    tokens.each do |t|\n          ^^^^^`). A message alone that
   * quotes a line found on few lines of this language's stored sources is answered with those
   * lines (service/line-answers.ts): the error was raised inside the call there.
   */
  messagesQuoteSource?: boolean;
  /**
   * The expression a message of this language's runtime names as it is written (the JVM's helpful
   * NullPointerException, JEP 358: `Cannot invoke "Foo.bar()" because "src" is null` → `src.bar(`;
   * V8's `formatStr.match is not a function` → `formatStr.match(`): a message alone naming code
   * found on few lines of this language's stored sources is answered with those lines
   * (service/line-answers.ts). Null when the message names no code specific enough to look for.
   */
  quotedCode?(message: string): QuotedCode | null;
  /**
   * Record paths of the packages a library keeps for itself (the JDK's `sun/`, `com/sun/`,
   * `jdk/internal/`): a caller reaches them through the public API, which checks its own arguments
   * first, so of two records as good for a message the public one goes first (match/rank.ts).
   */
  internalPath?: RegExp;
  /**
   * Record paths of files built only for a platform other than the common one (Go's `_windows.go`,
   * `gcm_s390x.go`): a program built on the common platform never ran them, so of two records as
   * good for a message the file every common build compiles goes first (match/rank.ts).
   */
  platformPath?: RegExp;
  /** Code that catches this error and tells it apart from others of its class; null when none fits. */
  catchSnippet(s: SnippetInput): string | null;
  /** An expression or function that tests a caught value for the error's class; null without a class. */
  typeGuardSnippet(s: SnippetInput): string | null;
}

/** Code a runtime's message names (Language.quotedCode). */
export interface QuotedCode {
  /**
   * Text of the line that raised, as code writes it (`src.getColorModel(`): no word character and
   * no `.` goes before it, but `this.`. Code that begins with `.` (`.strip`) is a member of any
   * value: anything goes before it, and no word character after its last name.
   */
  code: string;
  /** Words that may not go right before the code (`def`, `class`: a declaration of the name called, not a call). */
  notAfter?: readonly string[];
  /** Path words the message names where the code is (`java/awt/image/`): of several lines, those of files under it go first. */
  near?: string;
  /** Texts a file holding the code must also hold (`class Money`: the class whose method it is). */
  holds?: readonly string[];
  /**
   * What a file holding the code must not hold (not global): PHP's `namespace X;` when the message
   * names a class without one (`SplFileInfo::__construct()`: the runtime's, not `Finder\SplFileInfo`).
   */
  lacks?: RegExp;
  /**
   * The code to look for when no line holds `code`: a function's calls, where the runtime raises
   * for a function the tree does not declare (PHP's `str_replace(): Argument #3 …` at the call).
   */
  orElse?: QuotedCode;
  /**
   * The null value is a local variable or parameter of this name, declared with this type when the
   * message names it (`BufferedImage src`): a line where it was already dereferenced since its
   * declaration did not raise, the earlier one did.
   */
  local?: { name: string; type: string | null };
}

/** How one language is analyzed: part of its pack's Analyzer. */
export interface LanguageAnalyzer {
  /** The file's syntax tree in the language's grammar (what analyze parses; benchmarks time it alone). */
  parse(source: string, path: string): SgRoot;
  /** Analyze one file. `path` is relative to the tree root, for choices such as tsx vs ts only. */
  analyze(source: string, path: string): FileAnalysis;
  /**
   * True when the text holds none of the words a site, an error class or
   * anything else analyze reports needs, so analyze would find nothing but
   * syntax errors: the scan then does not parse the file at all.
   */
  cannotRaise?(source: string, path: string): boolean;
  /**
   * The enclosing symbol and the guards of the code at each position (1-based line; the column
   * when the frame gives one, else the line's first code), from one parse: what analyze would
   * give a site there. For frames on lines that are not sites (calls into native code or
   * another package).
   */
  lineContexts(source: string, path: string, at: readonly LinePosition[]): (LineContext | null)[];
  /**
   * The calls this file makes of raising helpers other modules of the tree define and it imports
   * (`fail('…')` with `from .util import fail`): `defines(name, from)` tells whether the module `from`
   * (CallInfo.from) defines a helper of that name (any helper, for a null name), known once every
   * file is analyzed. Empty, without parsing, when the text calls none of them. `methods`: the
   * tree's helpers defined as methods, which a module calls on an object it is handed, not imports
   * (`session.error('…')` for `Session#error`).
   */
  importedCalls?(source: string, path: string, defines: (name: string | null, from: string) => boolean, methods?: MethodHelpers): CallInfo[];
  /**
   * The names (variables, attributes) the file assigns an instance of one of these classes
   * (`_log = errorhandler.ErrorHandler()`): read, once a tree holds a class of FileAnalysis.dispatch,
   * for MethodHelpers.dispatched.
   */
  instanceNames?(source: string, classes: readonly string[]): string[];
  /**
   * Each function's calls, by the symbol its sites are given (FileAnalysis.forwards' shape), for a
   * language in which every call hands its exceptions on: read only for the files a re-raise of a
   * caught error follows its calls into (facts/raised.ts RaiseIndex), not for every file analyzed.
   */
  callsByFunction?(source: string, path: string): Record<string, string[]>;
}

/**
 * The raising helpers of a tree that are methods of a class or object (`Session.error`,
 * `DOMHandler.fatalError`), for the calls other modules make of them through an object they are
 * handed (`session.error(…)`, `errorHandler.fatalError(…)`).
 */
export interface MethodHelpers {
  /** The method names (longer than a minifier's). */
  names: readonly string[];
  /**
   * The module (CallInfo.from, relative to `caller`) holding the helper `receiver.method(…)` in file
   * `caller` calls, or null: the receiver's name must name the helper's class (`session` for
   * `Session`, `errorHandler` for `DOMHandler`: the last word), or the method must be the tree's
   * only helper of its name and not a logger's (`error`, `warn`, …).
   */
  moduleFor(caller: string, method: string, receiver: string): string | null;
  /**
   * Methods reached through attribute lookup (FileAnalysis.dispatch): a call `…recv.name(…)` with
   * `recv` one of `receivers` (names the tree assigns an instance of the class) and `name` one of
   * `names` is a call of `method`.
   */
  dispatched?: readonly { receivers: readonly string[]; names: readonly string[]; method: string }[];
}

export interface LinePosition {
  line: number;
  column: number | null;
}

export interface LineContext {
  symbol: string | null;
  guards: Guard[];
}

/** What of a pack only analysis uses: loaded by LanguagePack.analyzer(). */
export interface Analyzer {
  /** Each of the pack's languages' analysis, by the language's name. */
  languages: Record<string, LanguageAnalyzer>;
  /** How the languages write conditions (guards) and literals: read into the condition IR facts/ evaluates. */
  conditions: ConditionSyntax;
}

/** Which files and directories a walk skips, by name, for this pack's languages. */
export interface FileRules {
  /** Directories (lower case) that hold tests, fixtures, examples or docs: skipped unless tests are included. */
  testDirs: string[];
  /** Directories never analyzed (caches, virtual environments, installed dependencies). */
  skipDirs: string[];
  /**
   * Whether a directory named like a test directory (`name`, lower case) is a package of source
   * code, by the names of the directories above it (`ancestors`, outermost first: Java's
   * `org/example`, `java/security/spec`) or by the names of the files it holds (`files`, read only
   * when asked: Go's `go/doc`). Such a directory is walked. An archive's entries give no `files`.
   */
  packageDir?(ancestors: readonly string[], name: string, files?: () => readonly string[]): boolean;
  /** Why a file of one of the pack's languages is skipped by its name (`test file`, `type declarations`), or null. */
  skipFile(name: string, includeTests: boolean): string | null;
}

/** The scan of a log, as a trace parser sees it (query/parse.ts). */
export interface TraceScan {
  /** The first line no earlier trace consumed: a trace's header is not looked up before it. */
  readonly floor: number;
  /** The links read so far, in input order: a trace parser appends its links. */
  readonly links: ErrorLink[];
  /** A trace starts at line `start`: the lone log lines that introduced it are dropped. Call before appending. */
  begin(start: number): void;
  /** The trace's links are appended. */
  end(): void;
}

export interface TraceSyntax {
  /**
   * Read a trace at line `i` of `src` (the line is `src.get(i)`, not blank) and return the next line
   * to read; -1 when this line starts nothing this parser reads. Lines it returns past are never
   * read again, which keeps a whole log's scan linear.
   */
  scanAt(src: LineSource, i: number, scan: TraceScan): number;
  /** A line that belongs to a trace of this syntax: such input is not a bare message. */
  isTraceLine(line: string): boolean;
  /** Texts of which one appears in a trace flattened onto one log line with escaped newlines. */
  escapedMarkers: string[];
  /** Frames of no source file anyone indexed (runtime internals, pseudo-files) in a link this parser read. */
  isInternalFile(file: string): boolean;
  /** The frame as indexed files name it (`<frozen os>` → `os.py`); null for a frame of no indexed file. */
  indexedFrame(frame: Frame): Frame | null;
}

export interface LanguagePack {
  /** The folder name under src/languages/. */
  id: string;
  languages: Language[];
  files: FileRules;
  trace: TraceSyntax;
  /** What a repr hole (`%r`, `JSON.stringify(x)`) shows for this argument, when that is known; null keeps the hole. */
  repr(arg: ArgInfo): Template | null;
  /**
   * The pack's analysis, imported on the first call (a dynamic import of its own module, so a
   * command that does not analyze loads none of it). Callers await it once, then analyze in step.
   */
  analyzer(): Promise<Analyzer>;
  /**
   * Where a trace shows an error built in one place and raised in another (facts/built.ts): `raise`
   * (Python: the traceback starts at the raise) or `construction` (V8 takes the stack when the error
   * is constructed); `construction` when not given.
   */
  builtErrorFrame?: 'raise' | 'construction';
  /**
   * The dynamic ast-grep grammars the pack parses with (those napi does not build in), by name:
   * `java` is the npm package `@ast-grep/lang-java`. The registry declares them all before any
   * parse, because napi registers dynamic grammars in one call only (languages/shared/dynamic-grammar.ts).
   */
  grammars?: readonly string[];
  /** The messages the pack's runtime writes itself (match/runtime-texts.ts); absent when none are listed. */
  runtime?: Runtime;
}

/**
 * A language's runtime and the messages it writes in its own code (C, C++, the VM): no indexed
 * source holds them, so a message alone in one of them has no site of its own; explain says what
 * it means and where the raising line is (LinkOut.runtimeTexts).
 */
export interface Runtime {
  /** As a sentence names it: `CPython`, `the JVM`. */
  name: string;
  texts: readonly RuntimeText[];
}

export interface RuntimeText {
  /** The message as the runtime prints it, with `{name}` where a value goes; it must match a message whole. */
  text: string;
  /** The class its probe raises, as a trace prints it (a text may come with others: OSError's by errno). */
  errorClass: string;
  /**
   * What happened and which line raised it (a call into the runtime, in the user's code or a
   * library's), in a sentence or two; `{name}` is the value the message gives the hole.
   */
  meaning: string;
  /** What the whole message must also be, where a value has a form a hole does not say (an identifier). */
  shape?: RegExp;
  /** Code that makes the runtime print it (test/languages/native-catalogues.test.ts runs it and checks the text and class). */
  probe: string;
}
