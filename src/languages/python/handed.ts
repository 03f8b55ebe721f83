// Texts a call hands to another package's code as the message it will raise: a validator or field
// configured with its message (`RegexValidator(r'^\d+$', message='Digits only')`, `CharField(
// error_messages={'required': 'Please enter your name'})`, `LocalProxy(…, unbound_message='Working
// outside of …')`). The raise is inside the callee, whose source holds no such text (it raises
// what it was given); the call is where the text is written, and the line a user's own code shows.
// Each is a site of its own at the call (RawSite.handedTo), ranked below a raise of the same text.

import type { SgNode } from '@ast-grep/napi';
import { lastSegment } from '../../template/ir.js';
import { oneLine } from './strings.js';
import { findAllAt } from './statements.js';

/**
 * A keyword naming the message a callee raises: `message`, `msg`, `error_messages` (a dict of them),
 * and one saying what fails (`unbound_message`, `invalid_msg`, `required_error_message`); not any
 * `*_message` (`shutdown_message` is printed).
 */
const HANDED_KEYWORD = /^(?:message|msg|errmsg|error_messages)$|^(?:[a-z0-9]+_)*(?:error|err|invalid|fail|failure|unbound|missing|required)_(?:message|msg)$/;
/** The text test before any tree query: such a keyword given a value in a call, after `(` or `,` (on the line before, too). */
const HANDED_TEXT = /[(,][ \t]*(?:\r?\n[ \t]*)?(?:[a-z0-9]+_)*(?:message|msg|errmsg|error_messages)[ \t]*=(?!=)/;
/**
 * Callees whose message keyword is already a site or no raise: error classes (their construction is
 * the site) and a base's constructor (`super().__init__(…, message=msg)`: the class's message),
 * logging and warnings calls, calls building a table (`dict(message=…)`), and calls sending or
 * printing a message (`send_mail(…, message=…)`).
 */
const NOT_HANDING = /(?:Error|Exception|Warning|Exit|Failure)$|^(?:dict|print|format|log|warn|warning|error|exception|critical|fatal|info|debug|_|gettext|__init__|__new__)$|(?:^|_)(?:send|mail|notify|emit|flash|reply|echo)(?:_|$)/i;
/** Calls read per file, at most. */
const MAX_HANDED = 500;
/** The callee as a record shows it, at most this long. */
const MAX_CALLEE = 80;

export const mayHandMessages = (source: string): boolean => HANDED_TEXT.test(source);

export interface HandedText {
  /** The call the text is handed to. */
  call: SgNode;
  /** The callee as written, on one line. */
  callee: string;
  /** The text's expression (a dict's value for `error_messages`). */
  value: SgNode;
}

/**
 * The texts the file's calls hand on as messages. `defined`: whether the file defines a function of
 * that name (its raise takes the caller's text already: facts/callers.ts).
 */
export function handedTexts(root: SgNode, source: string, defined: (name: string) => boolean): HandedText[] {
  if (!mayHandMessages(source)) return [];
  const out: HandedText[] = [];
  // (searched in the statements whose text hands such a keyword: python/statements.ts)
  const places = [...source.matchAll(new RegExp(HANDED_TEXT.source, 'g'))].map((m) => m.index);
  for (const kw of findAllAt(root, places, { rule: { kind: 'keyword_argument' } })) {
    if (out.length >= MAX_HANDED) break;
    const name = kw.field('name')?.text() ?? '';
    const value = kw.field('value');
    const list = kw.parent();
    const call = list?.kind() === 'argument_list' ? list.parent() : null;
    const fn = call?.kind() === 'call' ? call.field('function') : null;
    // (`raise make_error(msg='…')`: the raise is the site)
    if (!value || !fn || !HANDED_KEYWORD.test(name) || call!.parent()?.kind() === 'raise_statement') continue;
    const callee = oneLine(fn.text());
    const last = lastSegment(callee);
    if (NOT_HANDING.test(last) || (fn.kind() === 'identifier' && defined(last))) continue;
    const shown = callee.length > MAX_CALLEE ? `${callee.slice(0, MAX_CALLEE - 1)}…` : callee;
    if (name === 'error_messages') {
      if (value.kind() !== 'dictionary') continue;
      for (const p of value.namedChildren()) {
        const v = p.kind() === 'pair' ? p.field('value') : null;
        if (v) out.push({ call: call!, callee: shown, value: v });
      }
    } else out.push({ call: call!, callee: shown, value });
  }
  return out;
}
