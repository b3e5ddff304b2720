/**
 * Every react-query key of this feature's data: its queries use them, and other features
 * invalidate this feature's data through them, never through a string of their own.
 */
export const proofKeys = {
  facts: ["proof", "facts"] as const,
  factList: (params: object) => [...proofKeys.facts, params] as const,
  usages: (id: string) => ["proof", "usages", id] as const,
  derivedStructure: (statement: string) => ["proof", "derive-structure", statement] as const,
};
