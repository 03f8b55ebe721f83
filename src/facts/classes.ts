// Error classes across the whole tree: an error class whose constructor fixes
// the message contributes that message to every site that raises it, with the
// call's arguments bound to the constructor's parameters.

import { hole, isGeneric, isHole, normalize, type Template } from '../template/ir.js';
import type { ArgInfo, ClassInfo, RawSite } from '../languages/types.js';

interface Located extends ClassInfo {
  file: string;
}

export class ClassTable {
  private byName = new Map<string, Located[]>();

  add(file: string, classes: ClassInfo[]): void {
    for (const c of classes) {
      const list = this.byName.get(c.name) ?? [];
      list.push({ ...c, file });
      this.byName.set(c.name, list);
    }
  }

  /** The class a name refers to from `file`: same file first, then the nearest directory. */
  lookup(name: string, file: string): Located | undefined {
    const short = name.slice(name.lastIndexOf('.') + 1);
    const list = this.byName.get(short);
    if (!list || list.length === 0) return undefined;
    if (list.length === 1) return list[0];
    let best = list[0];
    let bestScore = -1;
    for (const c of list) {
      const score = c.file === file ? 1e6 : commonPrefix(c.file, file);
      if (score > bestScore) [best, bestScore] = [c, score];
    }
    return best;
  }

  /**
   * Walk up the bases (within the tree) to the first class that fixes a
   * message, code or status; returns the chain's effective facts.
   */
  resolve(name: string, file: string): { template: Template | null; params: string[]; code: string | null; httpStatus: number | null; bases: string[] } | undefined {
    let cls = this.lookup(name, file);
    if (!cls) return undefined;
    const chain: string[] = [];
    let template: Template | null = null;
    let params: string[] | null = null;
    let code: string | null = null;
    let httpStatus: number | null = null;
    for (let depth = 0; cls && depth < 8; depth++) {
      if (params === null && cls.params.length) params = cls.params;
      if (template === null && cls.template) {
        template = cls.template;
        params = params ?? cls.params;
      }
      code = code ?? cls.code ?? null;
      httpStatus = httpStatus ?? cls.httpStatus ?? null;
      chain.push(...cls.bases);
      const current: Located = cls;
      const base: string | undefined = current.bases.find((b) => b !== current.name && this.lookup(b, current.file));
      cls = base ? this.lookup(base, current.file) : undefined;
    }
    return { template, params: params ?? [], code, httpStatus, bases: chain };
  }
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** Substitute a class template's parameter holes with the call's arguments. */
export function bindTemplate(template: Template, params: string[], args: ArgInfo[]): Template {
  const positional = args.filter((a) => a.name === null);
  const out: Template = [];
  for (const seg of template) {
    if (!isHole(seg) || !seg.hole.expr) {
      out.push(seg);
      continue;
    }
    const param = seg.hole.expr;
    const idx = params.indexOf(param);
    const arg = args.find((a) => a.name === param) ?? (idx >= 0 ? positional[idx] : undefined);
    if (!arg) out.push(seg);
    else if (arg.template.length === 1 && isHole(arg.template[0])) out.push(hole(arg.template[0].hole.expr, seg.hole.kind));
    else out.push(...arg.template);
  }
  return normalize(out);
}

/** The message a site produces, preferring the class's own message when the class fixes one. */
export function siteTemplate(site: RawSite, file: string, classes: ClassTable): { template: Template; code: string | null; httpStatus: number | null } {
  const resolved = site.errorClass ? classes.resolve(site.errorClass, file) : undefined;
  const code = site.errorCode ?? resolved?.code ?? null;
  const httpStatus = site.httpStatus ?? resolved?.httpStatus ?? null;
  if (resolved?.template && resolved.template.length) {
    const bound = bindTemplate(resolved.template, resolved.params, site.args);
    // A class that only passes its argument through (`{msg}`) must not hide the site's literal message.
    if (!(isGeneric(bound) && site.template && !isGeneric(site.template))) return { template: bound, code, httpStatus };
  }
  return { template: site.template ?? [], code, httpStatus };
}
