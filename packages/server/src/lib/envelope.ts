/**
 * The envelope of every successful `/api` answer, `{ success: true, data }`, which the route's
 * schema (the contract's `successEnvelope`) validates and strips.
 */
export function success<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}
