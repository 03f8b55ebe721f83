// Messages that hold another error's message: a hole whose value is a caught exception's text
// (`except ValueError as e: raise ConfigError(f"bad config: {e}")`, `catch (err) { throw new
// Error(`bad config: ${err.message}`) }`) is marked (Hole.inner), and matching reads what it holds
// as a message of its own (match/wrap.ts). Each pack supplies the names its syntax binds to a
// caught error around a site and the forms that read its message.

import { mapSiteTemplates, type RawSite } from '../../core/site.js';
import { lastSegment, markInner, type Hole, type Template } from '../../template/ir.js';

/**
 * The site with the holes of its template, arguments and alternatives that read a caught error's
 * message marked: `caught` are the names bound to caught errors around it, `read` matches an
 * expression reading one (its first group that took part is the name); `classOf`, when the pack
 * knows it, the class a name's handler catches (Hole.caught).
 */
export function markCaughtMessages(site: RawSite, caught: ReadonlySet<string>, read: RegExp, classOf?: (name: string) => string | null): RawSite {
  if (caught.size === 0) return site;
  const nameOf = (h: Hole): string | undefined => {
    if (!h.expr || h.kind === 'repr' || h.expr.length > 80) return undefined;
    const m = read.exec(h.expr);
    return m?.slice(1).find((g) => g !== undefined);
  };
  const isInner = (h: Hole): boolean => {
    const name = nameOf(h);
    return name !== undefined && caught.has(name);
  };
  const caughtOf = classOf ? (h: Hole) => lastSegment(classOf(nameOf(h)!)) : undefined;
  const mark = (t: Template) => markInner(t, isInner, caughtOf);
  return mapSiteTemplates(site, mark);
}
