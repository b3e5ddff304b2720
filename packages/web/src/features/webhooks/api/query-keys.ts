/**
 * Every react-query key of this feature's data: its queries use them, and other features
 * invalidate this feature's data through them, never through a string of their own.
 */
export const webhookKeys = {
  all: ["settings", "webhooks"] as const,
  deliveries: (id: string) => [...webhookKeys.all, id, "deliveries"] as const,
};
