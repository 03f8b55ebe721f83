// Errors built in one place and raised in another: a construction kept on the object, in a list or
// yielded by a rule function (RawSite.heldAs), and the raises of what was kept (raisesHeld) or the
// error groups holding it (groupOf). Keys of the object and of local lists are the file's own; a
// yield is looked up by the generator's name across the tree (jsonschema-style `for error in
// self.iter_errors(…): raise error` in one module, `yield ValidationError(…)` in another).
//
// Which line a trace shows is the language's (LanguagePack.builtErrorFrame): Python's innermost
// frame is the `raise`, so the message's record is at the raise, with `definedAt` where the text is
// written; a JavaScript stack is taken where the error is constructed, so the record stays there and
// lists the raises (`raisedAt`). Either way the raise's own record lists what reaches it (`builtAt`).

import type { FileAnalysis, RawSite } from '../core/site.js';
import { packForFile } from '../languages/registry.js';

export interface HeldSite {
  file: string;
  site: RawSite;
}

/** At most this many constructions reach one raise (a generator name shared by unrelated modules). */
const MAX_PER_RAISE = 60;
/** The texts message functions return, reaching one raise (typebox's table has 60). */
const MAX_RETURNED_PER_RAISE = 240;

/**
 * Keys looked up across the tree (a generator's, a function's the error is handed to, the texts a
 * message function returns: `returned:`, the messages of classes a factory makes: `made:`), else the
 * file's own.
 */
const scoped = (file: string, key: string): string => (key.startsWith('yield:') || key.startsWith('call:') || key.startsWith('returned:') || key.startsWith('made:') ? key : `${file}\0${key}`);

export class HeldTable {
  private held = new Map<string, HeldSite[]>();
  private raises = new Map<string, (HeldSite & { group: boolean })[]>();

  add(file: string, a: FileAnalysis): void {
    for (const site of a.sites) {
      if (site.heldAs) push(this.held, scoped(file, site.heldAs), { file, site });
      if (site.keptAs) push(this.held, scoped(file, site.keptAs), { file, site });
      for (const k of site.raisesHeld ?? []) push(this.raises, scoped(file, k), { file, site, group: false });
      for (const k of site.groupOf ?? []) push(this.raises, scoped(file, k), { file, site, group: true });
    }
  }

  /** The constructions a raise (or an error group) raises. */
  reaching(file: string, site: RawSite): HeldSite[] {
    const out: HeldSite[] = [];
    for (const k of [...(site.raisesHeld ?? []), ...(site.groupOf ?? [])]) {
      let list = this.held.get(scoped(file, k)) ?? [];
      // (`made:`: the messages of the classes an error-class factory makes, each in a module of its own)
      const returned = k.startsWith('returned:') || k.startsWith('made:');
      // (a message function's texts: those of the copy nearest the raise, when a package ships one
      // per build: runtypes' `script/` and `esm/`, typebox's `build/cjs/` and `build/esm/`)
      if (returned && list.length) {
        const shared = list.map((h) => sharedDirs(h.file, file));
        const best = Math.max(...shared);
        list = list.filter((_, i) => shared[i] === best);
      }
      const max = returned ? MAX_RETURNED_PER_RAISE : MAX_PER_RAISE;
      for (const h of list) {
        if (out.length < max && h.site !== site && (!k.startsWith('call:') || this.nearest(k, h.file, file))) out.push(h);
      }
    }
    return out;
  }

  /**
   * Whether a raise in `file` is among those of the function an error is handed to (`call:` keys)
   * nearest the file handing it: `xml/sax/expatreader.py`'s `fatalError(exc)` is `xml/sax/handler.py`'s,
   * not `xml/dom/pulldom.py`'s `fatalError`.
   */
  private nearest(key: string, from: string, file: string): boolean {
    const raises = this.raises.get(key) ?? [];
    let best = 0;
    for (const r of raises) best = Math.max(best, sharedDirs(from, r.file));
    return sharedDirs(from, file) === best;
  }

  /** The raises of a kept construction (`group`: an error group holding it). */
  raisesOf(file: string, site: RawSite): (HeldSite & { group: boolean })[] {
    return site.heldAs ? (this.raises.get(scoped(file, site.heldAs)) ?? []).filter((r) => r.site !== site) : [];
  }
}

/** Leading directories two paths share. */
function sharedDirs(a: string, b: string): number {
  const x = a.split('/').slice(0, -1);
  const y = b.split('/').slice(0, -1);
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

function push<T>(m: Map<string, T[]>, k: string, v: T): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/** Whether a trace of this file's language shows an error built elsewhere at its raise (Python) rather than where it was built. */
export const framesAtRaise = (file: string): boolean => packForFile(file)?.builtErrorFrame === 'raise';
