/**
 * The tab Left or Right moves to in a tablist (WAI-ARIA tabs, automatic activation): the one
 * before or after `current` among `ids`, wrapping at either end. The key's default is then
 * prevented; any other key gives undefined and is left alone.
 */
export function tabAfterArrowKey<T>(
  event: { key: string; preventDefault: () => void },
  ids: readonly T[],
  current: T,
): T | undefined {
  const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
  if (step === 0) return undefined;
  event.preventDefault();
  const index = ids.indexOf(current);
  return ids[(index + step + ids.length) % ids.length];
}
