/**
 * Every react-query key of this feature's data: its queries use them, and other features
 * invalidate this feature's data through them, never through a string of their own.
 */
export const dashboardKeys = {
  all: ["dashboard"] as const,
  summary: ["dashboard", "summary"] as const,
};
