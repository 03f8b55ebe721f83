// Top-k selection: what rankLink needs from "sort all, keep the first of each
// key, take k", in one pass over the items and without sorting them all.

/**
 * The first `limit` items of distinct keys in `order`, best first: the same as
 * sorting by `order` and keeping each key's first item, then the first `limit`.
 * `order` must be a total order (no two items compare equal). O(n · limit).
 */
export function topDistinct<T, K>(items: Iterable<T>, limit: number, order: (a: T, b: T) => number, key: (t: T) => K): T[] {
  const best: T[] = [];
  if (limit <= 0) return best;
  for (const it of items) {
    // Behind `limit` better items of other keys (or of its own), an item can never be among the first.
    if (best.length >= limit && order(it, best[best.length - 1]) > 0) continue;
    const k = key(it);
    let same = 0;
    while (same < best.length && key(best[same]) !== k) same++;
    if (same < best.length) {
      // Only a key's best item can be among the first; a better one replaces it.
      if (order(it, best[same]) > 0) continue;
      best.splice(same, 1);
    }
    // Insertion into the short sorted list, from its end.
    let at = best.length;
    best.push(it);
    while (at > 0 && order(it, best[at - 1]) < 0) {
      best[at] = best[at - 1];
      at--;
    }
    best[at] = it;
    if (best.length > limit) best.pop();
  }
  return best;
}
