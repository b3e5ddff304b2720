/** en-US short date, e.g. 11/24/2026. */
export function formatShortDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US");
}

/** en-US date and time, e.g. "Nov 24, 2026, 1:05 PM". */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}
