import { z } from "zod";

/**
 * An object schema with a property for each key, in the keys' order, all of one schema: the
 * state of each readiness check, whether the caller may take each action.
 */
export function objectOfKeys<const Key extends string, Value extends z.ZodType>(
  keys: readonly Key[],
  value: Value,
) {
  return z.object(Object.fromEntries(keys.map((key) => [key, value])) as Record<Key, Value>);
}
