// Messages that hold another error's message: a hole whose value is a caught exception's text
// (`except ValueError as e: raise ConfigError(f"bad config: {e}")`, `catch (err) { throw new
// Error(`bad config: ${err.message}`) }`) is marked (Hole.inner), and matching reads what it holds
// as a message of its own (match/wrap.ts). Each pack supplies the names its syntax binds to a
// caught error around a site and the forms that read its message.

import type { RawSite } from '../../core/site.js';
import { markInner, type Hole, type Template } from '../../template/ir.js';

/**
 * The site with the holes of its template, arguments and alternatives that read a caught error's
 * message marked: `caught` are the names bound to caught errors around it, `read` matches an
 * expression reading one (its first group that took part is the name).
 */
export function markCaughtMessages(site: RawSite, caught: ReadonlySet<string>, read: RegExp): RawSite {
  if (caught.size === 0) return site;
  const isInner = (h: Hole): boolean => {
    if (!h.expr || h.kind === 'repr' || h.expr.length > 80) return false;
    const m = read.exec(h.expr);
    const name = m?.slice(1).find((g) => g !== undefined);
    return name !== undefined && caught.has(name);
  };
  const mark = (t: Template) => markInner(t, isInner);
  if (site.template) site.template = mark(site.template);
  for (const a of site.args) {
    a.template = mark(a.template);
    if (a.alts) a.alts = a.alts.map(mark);
  }
  if (site.alternatives) site.alternatives = site.alternatives.map(mark);
  return site;
}
