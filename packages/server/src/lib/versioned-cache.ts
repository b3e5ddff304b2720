/**
 * One derived value per owner (a database handle), rebuilt only when its version changes: a
 * build in progress is shared, so a burst of callers after a change builds it once, and a
 * failed build is forgotten so the next caller tries again.
 */
export function versionedCache<V>() {
  const cache = new WeakMap<object, { version: string; value: Promise<V> }>();
  return async (owner: object, version: string, build: () => Promise<V>): Promise<V> => {
    const cached = cache.get(owner);
    if (cached?.version === version) return cached.value;
    const value = build();
    cache.set(owner, { version, value });
    try {
      return await value;
    } catch (error) {
      if (cache.get(owner)?.value === value) cache.delete(owner);
      throw error;
    }
  };
}
