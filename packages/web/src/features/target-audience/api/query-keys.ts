/**
 * Every react-query key of this feature's data: its queries use them, and other features
 * invalidate this feature's data through them, never through a string of their own.
 */
export const audienceKeys = {
  all: ["audience"] as const,
  overview: (industry: string) => [...audienceKeys.all, "overview", industry] as const,
  recommendations: (industry: string) =>
    [...audienceKeys.all, "recommendations", industry] as const,
  accountsToTarget: (id: string) => [...audienceKeys.all, "accounts-to-target", id] as const,
  targetableContent: ["audience", "content"] as const,
};
