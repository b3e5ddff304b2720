/**
 * `compute` remembered per key (the argument itself, or `keyOf` of it): a cache for pure work
 * whose inputs repeat (words, phrase lists, reference texts). It forgets everything once it
 * holds `limit` keys, so a stream of unusual input cannot grow it without bound.
 */
export function boundedMemo<A, V>(
  limit: number,
  compute: (arg: A) => V,
  keyOf?: (arg: A) => string,
): (arg: A) => V {
  const cache = new Map<unknown, V>();
  return (arg) => {
    const key = keyOf ? keyOf(arg) : arg;
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size >= limit) cache.clear();
      value = compute(arg);
      cache.set(key, value);
    }
    return value;
  };
}
