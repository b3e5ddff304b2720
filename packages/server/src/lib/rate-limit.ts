/** "in 3 minutes" / "in 40 seconds", for messages that tell the user when to retry. */
export function describeRetry(seconds: number): string {
  if (seconds >= 90) return `in ${Math.ceil(seconds / 60)} minutes`;
  const s = Math.max(1, Math.ceil(seconds));
  return `in ${s} second${s === 1 ? "" : "s"}`;
}
