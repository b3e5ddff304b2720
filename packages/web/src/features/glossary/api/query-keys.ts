/**
 * Every react-query key of this feature's data: its queries use them, and other features
 * invalidate this feature's data through them, never through a string of their own.
 */
export const glossaryKeys = {
  all: ["settings", "glossary"] as const,
  list: (params: object) => [...glossaryKeys.all, params] as const,
};
