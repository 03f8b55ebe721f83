// What surrounds a node in a Ruby file, from one walk up its ancestors: the enclosing symbol
// (`Mod::Class.method`: the dot other stages split a symbol on, for instance and singleton methods
// alike), the method and its parameters, the guards that hold there (outermost first), and the
// names `rescue => e` binds to caught errors around it.

import type { SgNode } from '@ast-grep/napi';
import type { Guard } from '../../core/site.js';
import { oneLine, paramNames } from './template.js';

export interface SiteContext {
  symbol: string | null;
  /** The enclosing method (`def` or `def self.`), null at class or file level. */
  fn: SgNode | null;
  params: string[];
  guards: Guard[];
  /** Names bound to caught errors around the node, with the classes rescued. */
  caught: Map<string, string | null>;
}

const inside = (n: SgNode, part: SgNode | null | undefined): boolean =>
  !!part && part.range().start.index <= n.range().start.index && n.range().end.index <= part.range().end.index;

const not = (text: string): string => (/^[\w.@?!]+$/.test(text) ? `!${text}` : `!(${text})`);

const line = (n: SgNode): number => n.range().start.line + 1;

export function siteContext(node: SgNode): SiteContext {
  const guards: Guard[] = [];
  const names: string[] = [];
  const caught = new Map<string, string | null>();
  let fn: SgNode | null = null;
  let method: string | null = null;
  let child = node;
  for (let p = node.parent(); p; child = p, p = p.parent()) {
    const k = p.kind() as string;
    const cond = () => oneLine(p!.field('condition')?.text() ?? '');
    switch (k) {
      case 'method':
      case 'singleton_method':
        if (!fn) {
          fn = p;
          method = p.field('name')?.text() ?? null;
        }
        break;
      case 'class':
      case 'module': {
        const name = p.field('name')?.text();
        if (name) names.push(name);
        break;
      }
      case 'if':
      case 'elsif':
        if (inside(child, p.field('consequence'))) guards.push({ kind: k === 'if' ? 'if' : 'elif', text: cond(), line: line(p) });
        else if (inside(child, p.field('alternative'))) guards.push({ kind: 'else', text: not(cond()), line: line(p) });
        break;
      case 'unless':
        if (inside(child, p.field('consequence'))) guards.push({ kind: 'if', text: not(cond()), line: line(p) });
        else if (inside(child, p.field('alternative'))) guards.push({ kind: 'else', text: cond(), line: line(p) });
        break;
      case 'if_modifier':
      case 'unless_modifier':
        if (inside(child, p.field('body'))) guards.push({ kind: 'if', text: k === 'if_modifier' ? cond() : not(cond()), line: line(p) });
        break;
      case 'while':
      case 'while_modifier':
        if (inside(child, p.field('body'))) guards.push({ kind: 'while', text: cond(), line: line(p) });
        break;
      case 'until':
      case 'until_modifier':
        if (inside(child, p.field('body'))) guards.push({ kind: 'while', text: not(cond()), line: line(p) });
        break;
      case 'conditional':
        if (inside(child, p.field('consequence'))) guards.push({ kind: 'if', text: cond(), line: line(p) });
        else if (inside(child, p.field('alternative'))) guards.push({ kind: 'else', text: not(cond()), line: line(p) });
        break;
      case 'when': {
        const pats = p.namedChildren().filter((c) => c.kind() === 'pattern').map((c) => oneLine(c.text()));
        const value = p.parent()?.field('value')?.text();
        if (pats.length && inside(child, p.field('body'))) guards.push({ kind: 'case', text: value ? `${oneLine(value)} in ${pats.join(', ')}` : pats.join(', '), line: line(p) });
        break;
      }
      case 'rescue': {
        if (!inside(child, p.field('body'))) break;
        const classes = p.field('exceptions')?.namedChildren().map((c) => c.text()) ?? [];
        const v = p.field('variable')?.namedChildren()[0]?.text();
        if (v && !caught.has(v)) caught.set(v, classes.length === 1 ? classes[0] : classes.length ? null : 'StandardError');
        guards.push({ kind: 'except', text: classes.length ? classes.join(', ') : 'StandardError', line: line(p) });
        break;
      }
      case 'rescue_modifier':
        break;
    }
  }
  guards.reverse();
  const owner = names.reverse().join('::');
  const symbol = method ? (owner ? `${owner}.${method}` : method) : owner || null;
  return { symbol, fn, params: paramNames(fn), guards, caught };
}
