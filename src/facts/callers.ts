// Helpers that raise a message they were given (`fail(msg)`, `syntaxError(message)`,
// `self._error(fmt, *args)`): the site's own template is just `{msg}`, so the
// message a user sees is written at the callers. This pass binds each caller's
// arguments into the helper's template, giving one more template per caller at
// the helper's line, which is where the traceback's innermost frame points.

import type { ConditionSyntax } from '../core/condition.js';
import { hasKeyedLookup, hasParamLookup, hasText, lastSegment, passesParam, textKey, type Template } from '../template/ir.js';
import type { CallInfo, FileAnalysis, RawSite } from '../core/site.js';
import { bindTemplate, reprFor } from './classes.js';
import { guardsMayHold } from './guards.js';
import { importNames } from './modules.js';

export interface CallerTemplate {
  template: Template;
  /** The call that supplies the message. */
  via: { file: string; line: number; symbol: string | null };
  /** The call of the site's own function that the message came through (`via` when the caller wrote it). */
  first: { file: string; line: number; symbol: string | null };
  /** The class the callers hand a helper that raises its parameter (`throw new Ctor(message)`). */
  errorClass?: string;
}

interface LocatedCall extends CallInfo {
  file: string;
  /** The arguments' JSON as a number (one per distinct JSON): calls passing the same arguments bind a template alike. */
  argsId: number;
  /** The caller's name is as short as a minifier's (minifierName of its symbol). */
  minifier: boolean;
}

/**
 * Caller templates one site gets at most. An assertion library reports every failure through one
 * helper (`reportInvalidArgument($message)` with a `sprintf` at each of ~150 assertions): each
 * caller's message is one record of the helper's line.
 */
const MAX_PER_SITE = 256;
/**
 * Callers' templates that differ by the key they pass into a table the site looks its message up
 * in (`report(parser, 30)` → `errorMessages[type]`), at most, besides MAX_PER_SITE: each is one
 * entry of the table (a parser's error table has a hundred or more), as many as record/ reads.
 */
const MAX_KEYED = 200;

/** Copies of one call with an argument's other texts in its place (ArgInfo.alts), at most. */
const MAX_ARG_VARIANTS = 8;

/**
 * The call, then one copy per other text of its first argument that has some (`msg` a local
 * assigned `Messages.UnexpectedString` or `Messages.UnexpectedNumber` under conditions, passed
 * on to `createError(index, line, col, msg)`): each text reaches the helper as its own call.
 */
function argumentVariants(c: CallInfo): CallInfo[] {
  const i = c.args.findIndex((x) => x.alts?.length);
  if (i < 0) return [c];
  return [c, ...c.args[i].alts!.slice(0, MAX_ARG_VARIANTS).map((alt) => ({
    ...c, args: c.args.map((x, j) => (j === i ? { name: x.name, expr: x.expr, template: alt } : x)),
  }))];
}

const dirOf = (file: string): string => file.slice(0, file.lastIndexOf('/') + 1);

/** A name as short as a minifier's (`e`, `t.n`): many unrelated functions share it. */
const minifierName = (symbol: string | null): boolean => (lastSegment(symbol) ?? '').length <= 2;
const MAX_DEPTH = 4;

export class CallerTable {
  /** `conditionsFor`: how the language of a file writes conditions (Analyzers.conditionsFor). */
  constructor(private readonly conditionsFor: (file: string) => ConditionSyntax | null) {}

  private calls = new Map<string, LocatedCall[]>();
  /** The calls of each callee by file, in the same order (the same-file pass reads only its file's). */
  private byFile = new Map<string, Map<string, LocatedCall[]>>();
  private argsIds = new Map<string, number>();
  /** Per file, the keywords each of its functions is handed by (FileAnalysis.callbacks): function → keys. */
  private handed = new Map<string, Map<string, string[]>>();
  /** Calls of a stored callable (CallInfo.stored), by its name. */
  private stored = new Map<string, LocatedCall[]>();
  /** The classes declaring a helper of each name (a site of `Class.name` that passes a parameter): CallInfo.receiverClass. */
  private helperClasses = new Map<string, Set<string>>();

  add(file: string, a: FileAnalysis): void {
    if (a.callbacks?.length) {
      const byFn = new Map<string, string[]>();
      for (const { key, fn } of a.callbacks) byFn.set(fn, [...(byFn.get(fn) ?? []), key]);
      this.handed.set(file, byFn);
    }
    for (const s of a.sites) {
      const dot = s.symbol ? s.symbol.lastIndexOf('.') : -1;
      if (dot <= 0 || !s.params?.length) continue;
      const name = s.symbol!.slice(dot + 1);
      const cls = lastSegment(s.symbol!.slice(0, dot))!;
      let set = this.helperClasses.get(name);
      if (!set) this.helperClasses.set(name, (set = new Set()));
      set.add(cls);
    }
    for (const c of (a.calls ?? []).flatMap(argumentVariants)) {
      const list = this.calls.get(c.callee) ?? [];
      const argsKey = JSON.stringify(c.args);
      let argsId = this.argsIds.get(argsKey);
      if (argsId === undefined) this.argsIds.set(argsKey, (argsId = this.argsIds.size));
      const call = { ...c, file, argsId, minifier: minifierName(c.symbol) };
      // (a stored callable's call is reached only from the functions handed to it: storedCalls)
      if (c.stored) {
        const kept = this.stored.get(c.callee);
        if (kept) kept.push(call);
        else this.stored.set(c.callee, [call]);
        continue;
      }
      list.push(call);
      this.calls.set(c.callee, list);
      let files = this.byFile.get(c.callee);
      if (!files) this.byFile.set(c.callee, (files = new Map()));
      const inFile = files.get(file) ?? [];
      inFile.push(call);
      files.set(file, inFile);
    }
  }

  /**
   * The calls of a stored callable that a function of `file` is handed to by keyword
   * (`CLexer(error_func=self._lex_error_func)` → the lexer's `self.error_func(msg, …)`), in other files.
   */
  private storedCalls(file: string, callee: string): LocatedCall[] {
    const keys = this.handed.get(file)?.get(callee);
    if (!keys) return [];
    return keys.flatMap((k) => this.stored.get(k) ?? []).filter((c) => c.file !== file);
  }

  /**
   * Templates this site produces through its callers, when its template has
   * holes bound to parameters of its enclosing function.
   */
  expand(file: string, site: Pick<RawSite, 'symbol' | 'params' | 'classParam' | 'guards' | 'reassigned' | 'hidesFrame' | 'callersInDir' | 'returned' | 'heldBy'>, template: Template): CallerTemplate[] {
    const out: CallerTemplate[] = [];
    // (templates keying a table count apart: only a site that looks its message up by a parameter has them)
    const keyable = hasParamLookup(template);
    let plain = 0;
    let keyed = 0;
    const full = () => plain >= MAX_PER_SITE && (!keyable || keyed >= MAX_KEYED);
    const seen = new Set<string>();
    // A caller that binds only names (`Unknown type "{t}"` for the helper's `Unknown type "{type}"`)
    // matches exactly the messages the site's own template matches: it adds a record and no match.
    const ownKey = textKey(template);
    const patterns = new Set([ownKey]);
    // `key` is JSON.stringify(t), made once per template: a minified bundle's one-letter helper
    // can have thousands of calls, each bound and compared.
    const visited = new Set<string>();
    // `local`: the chain went through a caller that passed the message on unchanged; from there on only
    // callers in the same file are followed (see below).
    // `chain`: the functions the message went through (file and symbol), the site's own first. A function
    // recursing into itself with a changed argument (runpy's `_get_module_details(mod_name + '.__main__')`)
    // is followed one step: each further step only stacks the change (`….__main__.__main__`).
    // `cls`: the class a caller handed the site's class parameter, once bound.
    const classParam = site.classParam && site.params ? site.params.indexOf(site.classParam) : -1;
    // (guards are read as the site's language writes conditions)
    const conditions = this.conditionsFor(file);
    const record = (t: Template, via: NonNullable<CallerTemplate['via']>, first: CallerTemplate['via'] | null, cls: string | null) =>
      out.push(cls ? { template: t, via, first: first ?? via, errorClass: cls } : { template: t, via, first: first ?? via });
    // (a returned error's message is a record at each call that writes it: the same text again is one more line)
    const repeatOfReturned = (t: Template) => site.returned && plain < MAX_PER_SITE && hasText(t) && textKey(t) !== ownKey;
    const visit = (
      fileNow: string, symbolNow: string | null, params: string[] | undefined, t: Template, key: string | null,
      depth: number, via: CallerTemplate['via'] | null, local: boolean, chain: string[], cls: string | null,
      first: CallerTemplate['via'] | null,
    ) => {
      if (full()) return;
      if (via) {
        key ??= JSON.stringify(t);
        const at = `${symbolNow}\0${key}`;
        if (visited.has(at)) {
          if (repeatOfReturned(t)) {
            plain++;
            record(t, via, first, cls);
          }
          return;
        }
        visited.add(at);
        if (!seen.has(key)) {
          seen.add(key);
          // A caller that only passes the message on adds nothing itself; its callers may.
          // (a key into a message table the helper looks its message up in is text too: record/ puts the entry in)
          const isKeyed = keyable && hasKeyedLookup(t);
          if (hasText(t) && !patterns.has(textKey(t)) && (isKeyed ? keyed < MAX_KEYED : plain < MAX_PER_SITE)) {
            patterns.add(textKey(t));
            if (isKeyed) keyed++;
            else plain++;
            record(t, via, first, cls);
          }
        } else if (repeatOfReturned(t)) {
          plain++;
          record(t, via, first, cls);
          local = true;
        } else if (minifierName(symbolNow)) {
          return;
        } else {
          // The same message reached through another function (esprima's Parser.throwError and
          // tolerateError both pass `Line {line}: {messageFormat}`): its callers in its own file may add more.
          local = true;
        }
      }
      if (depth >= MAX_DEPTH || !symbolNow || !params?.length) return;
      if (!passesParam(t, params)) return;
      const callee = lastSegment(symbolNow);
      const through = this.storedCalls(fileNow, callee);
      const calls = through.length ? [...(this.calls.get(callee) ?? []), ...through] : this.calls.get(callee) ?? [];
      // (a call whose receiver is another class declaring a helper of this name is that class's)
      const dot = symbolNow.lastIndexOf('.');
      const ownClass = dot > 0 ? lastSegment(symbolNow.slice(0, dot)) : null;
      const others = ownClass ? this.helperClasses.get(callee) : undefined;
      const elsewhere = (c: LocatedCall) => !!others && !!c.receiverClass && c.receiverClass !== ownClass && others.has(c.receiverClass);
      const here = this.byFile.get(callee)?.get(fileNow) ?? [];
      key ??= JSON.stringify(t);
      // A minified bundle's one-letter helper is defined in each of its modules and called from each:
      // every site of it goes through every call. The calls passing the same arguments bind `t` alike
      // (bound once per arguments here), and one whose binding was already seen, from a caller with a
      // minifier's name or from a caller it already came through, would add nothing (visit returns on
      // it), so it is passed over before the guards are read for it.
      const repr = reprFor(fileNow);
      const boundBy = new Map<number, { bound: Template; boundKey: string }>();
      // Same file first: a private helper is called from its own module.
      for (const sameFile of local ? [true] : [true, false]) {
        // (the same file's calls, then the others': none when they are all in this file)
        if (!sameFile && here.length === calls.length) break;
        const list = sameFile ? here : calls;
        const ends = runEnds(list);
        for (let i = 0; i < list.length; i++) {
          const c = list[i];
          if (!sameFile && (c.file === fileNow || c.local)) continue;
          if (elsewhere(c)) continue;
          // (a call that is a site of its own text binds only a helper whose messages are records at the calls)
          if (c.handed && !site.hidesFrame) continue;
          // (a helper called only from its own directory: a call of its name elsewhere is another package's function)
          if (site.callersInDir && dirOf(c.file) !== dirOf(fileNow)) continue;
          // (an imported callee is called only in a file its import names)
          if (c.from !== undefined && !importNames(c.file, c.from, fileNow)) continue;
          let b = boundBy.get(c.argsId);
          if (!b) {
            const bound = bindTemplate(t, params, c.args, repr);
            boundBy.set(c.argsId, (b = { bound, boundKey: JSON.stringify(bound) }));
          }
          const { bound, boundKey } = b;
          // (nor is one from a function this binding already came through: visit returns on it too; and
          // so on the calls after it with the same arguments from the same function, passed over at once)
          if (c.minifier && seen.has(boundKey)) {
            i = ends.byArgs[i] - 1;
            continue;
          }
          if (!site.returned && visited.has(`${c.symbol}\0${boundKey}`)) {
            i = ends.byCaller[i] - 1;
            continue;
          }
          // A caller that passes the message on unchanged (`tolerateError(…, description)` →
          // `createError(…, description)`) is followed within a file, by a name longer than a
          // minifier's, and its callers too only within the file: across files, same-named methods of
          // unrelated classes would chain.
          const passedOn = boundKey === key;
          // (an imported helper that is passed the message on is followed too: the import names its file)
          // (and so is a stored callable's call that hands it on: the construction named the function)
          if (passedOn && !((sameFile || c.from !== undefined || c.stored) && !minifierName(symbolNow) && passesParam(bound, c.params ?? []))) continue;
          const fnKey = `${c.file}\0${c.symbol}`;
          if (chain.filter((k) => k === fnKey).length >= 2) continue;
          // A direct caller whose literal arguments make one of the site's guards false never reaches it.
          if (depth === 0 && conditions && !guardsMayHold(site.guards, params, c.args, conditions, site.reassigned)) continue;
          const given = depth === 0 && classParam >= 0 ? classArg(c, classParam, site.classParam!) : cls;
          const at = { file: c.file, line: c.line, symbol: c.symbol };
          visit(c.file, c.symbol, c.params, bound, boundKey, depth + 1, at, local || passedOn, [...chain, fnKey], given, first ?? at);
          if (full()) return;
        }
      }
    };
    // (a property of a value its class's constructor was given: the constructions are the callers, RawSite.heldBy)
    const symbol = site.heldBy?.symbol ?? site.symbol;
    visit(file, symbol, site.heldBy?.params ?? site.params, template, null, 0, null, false, [`${file}\0${symbol}`], null, null);
    return out;
  }
}

/**
 * For each call of a list, where the run of calls after it ends (the index of the first that
 * differs): `byArgs`, calls with the same arguments from minifier-named callers (a call passed
 * over for its binding having been seen from such a caller: so are they all); `byCaller`, calls
 * with the same arguments from the same function (one passed over for having come through it: so
 * are they all). A run is passed over whole. Kept per list while it does not grow.
 */
interface RunEnds {
  byArgs: Int32Array;
  byCaller: Int32Array;
}
const runEndsOf = new WeakMap<LocatedCall[], RunEnds>();
function runEnds(list: LocatedCall[]): RunEnds {
  const hit = runEndsOf.get(list);
  if (hit && hit.byArgs.length === list.length) return hit;
  const n = list.length;
  const ends = { byArgs: new Int32Array(n), byCaller: new Int32Array(n) };
  for (let i = n - 1; i >= 0; i--) {
    const [a, b] = [list[i], list[i + 1]];
    ends.byArgs[i] = b && a.minifier && b.minifier && a.argsId === b.argsId ? ends.byArgs[i + 1] : i + 1;
    ends.byCaller[i] = b && a.argsId === b.argsId && a.symbol === b.symbol ? ends.byCaller[i + 1] : i + 1;
  }
  runEndsOf.set(list, ends);
  return ends;
}

/** The class a call passes for a parameter (by position or keyword): a capitalized name (`TypeError`, `errors.ParseError`). */
function classArg(c: CallInfo, index: number, name: string): string | null {
  const arg = c.args.find((a) => a.name === name) ?? c.args.filter((a) => a.name === null)[index];
  return arg && /^(?:[A-Za-z_$][\w$]*\.)*[A-Z][\w$]*$/.test(arg.expr) ? arg.expr : null;
}
