// A map of bounded size for the answers kept across explains (a long-lived reader's caches): the
// oldest entry goes first.

/** Sets `key` in `map`, first dropping its oldest entry when it holds `max` already; gives back `value`. */
export function remember<K, V>(map: Map<K, V>, max: number, key: K, value: V): V {
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}
