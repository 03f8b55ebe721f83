// One place that knows how to get a tree-sitter tree for a language. Python is a
// dynamic grammar (@ast-grep/lang-python ships prebuilt parser.so files inside
// its npm tarball); JS/TS/TSX are built into @ast-grep/napi.
//
// Native trees are freed only when the event loop turns: a caller that parses
// many files must yield between batches (the pool does), or memory grows with
// every file parsed.

import { createRequire } from 'node:module';
import { Lang, parse, registerDynamicLanguage, SgNode, type SgRoot } from '@ast-grep/napi';

const require = createRequire(import.meta.url);

// kind(), id() and text() cross N-API on every call, and kind() and text() build a
// new JS string each time (kind() ~2 µs): the frontends ask one node object the
// same question again and again (a third of all kind() calls). A node never
// changes, so the first answer is kept on the node object.
const KIND = Symbol('kind');
const ID = Symbol('id');
const TEXT = Symbol('text');
type Memo = SgNode & { [KIND]?: string; [ID]?: number; [TEXT]?: string };
const nativeKind = SgNode.prototype.kind;
const nativeId = SgNode.prototype.id;
const nativeText = SgNode.prototype.text;
SgNode.prototype.kind = function (this: Memo) {
  return (this[KIND] ??= nativeKind.call(this) as string);
} as typeof nativeKind;
SgNode.prototype.id = function (this: Memo) {
  return (this[ID] ??= nativeId.call(this));
};
SgNode.prototype.text = function (this: Memo) {
  return (this[TEXT] ??= nativeText.call(this));
};
let registered = false;

function ensureRegistered(): void {
  if (registered) return;
  registerDynamicLanguage({ python: require('@ast-grep/lang-python') });
  registered = true;
}

export type Grammar = 'python' | 'javascript' | 'typescript' | 'tsx';

export function parseSource(grammar: Grammar, source: string): SgRoot {
  if (grammar === 'python') {
    ensureRegistered();
    return parse('python', source);
  }
  const lang = grammar === 'typescript' ? Lang.TypeScript : grammar === 'tsx' ? Lang.Tsx : Lang.JavaScript;
  return parse(lang, source);
}
