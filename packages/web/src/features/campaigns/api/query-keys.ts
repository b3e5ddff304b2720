/**
 * Every react-query key of this feature's data: its queries use them, and other features
 * invalidate this feature's data through them, never through a string of their own.
 */
export const campaignKeys = {
  all: ["campaigns"] as const,
  briefs: ["campaigns", "list"] as const,
  brief: (id: string) => [...campaignKeys.all, "brief", id] as const,
  kit: (id: string) => [...campaignKeys.all, "kit", id] as const,
};
