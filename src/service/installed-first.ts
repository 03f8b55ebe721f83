// A trace from the user's machine runs the package versions installed there. When the index
// holds several versions of a package, the records of the installed one are the answer: a hit
// on a site that several versions share (ranked as one hit) names the installed version's
// record, and a hit into another version moves below the installed version's hit (its score
// lowered to that hit's, so ordering by score keeps it there).

import type { Store } from '../core/store.js';
import type { ErrRecord } from '../record/schema.js';

/** A package version installed for the project around the working directory (lazy-index.ts reads them). */
export interface InstalledVersion { name: string; version: string }

/**
 * Replaces, in `records` (by row key), each record of an installed package at another version
 * by the same record (same id: same repository, file and message) of the installed version,
 * when the index holds it.
 */
export async function useInstalledRecords(store: Store, records: Map<number, ErrRecord>, installed: readonly InstalledVersion[]): Promise<void> {
  if (installed.length === 0) return;
  const versionOf = new Map(installed.map((p) => [p.name, p.version]));
  for (const [key, r] of records) {
    const want = r.package == null ? undefined : versionOf.get(r.package);
    if (want === undefined || r.version === want) continue;
    const mine = (await store.recordsById(r.id)).find((o) => o.package === r.package && o.version === want);
    if (mine) records.set(key, mine);
  }
}

interface VersionedHit {
  record: { package?: string | null; version?: string | null };
  score: number;
  why: string[];
}

/** The hits, reordered so that each installed package's installed version comes before its other versions. */
export function installedFirst<H extends VersionedHit>(hits: H[], installed: readonly InstalledVersion[]): H[] {
  if (installed.length === 0 || hits.length < 2) return hits;
  const versionOf = new Map(installed.map((p) => [p.name, p.version]));
  // (only a package with a hit at its installed version is reordered: otherwise nothing is better)
  const present = new Map<string, H>();
  for (const h of hits) {
    const pkg = h.record.package;
    if (pkg != null && versionOf.get(pkg) === h.record.version && !present.has(pkg)) present.set(pkg, h);
  }
  if (present.size === 0) return hits;
  const out: H[] = [];
  const placed = new Set<string>();
  const waiting = new Map<string, H[]>();
  for (const h of hits) {
    const pkg = h.record.package;
    const first = pkg == null ? undefined : present.get(pkg);
    if (!first) out.push(h);
    else if (h === first) {
      out.push({ ...h, why: [...h.why, `the version installed here (${pkg}@${h.record.version})`] });
      placed.add(pkg!);
      for (const w of waiting.get(pkg!) ?? []) out.push({ ...w, score: Math.min(w.score, h.score) });
    } else if (h.record.version === first.record.version) out.push(h);
    // another version of an installed package: after the installed version's hit
    else if (placed.has(pkg!)) out.push({ ...h, score: Math.min(h.score, first.score) });
    else waiting.set(pkg!, [...(waiting.get(pkg!) ?? []), h]);
  }
  return out;
}
