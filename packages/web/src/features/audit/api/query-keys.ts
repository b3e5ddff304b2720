/**
 * Every react-query key of this feature's data: its queries use them, and other features
 * invalidate this feature's data through them, never through a string of their own.
 */
export const auditKeys = {
  all: ["audit"] as const,
  page: (query: object) => ["audit", query] as const,
};
