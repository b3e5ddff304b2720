// Retrying assertions: playwright-core has no auto-retrying `expect`, so poll until it holds.

/**
 * Runs `check` until it stops throwing, or rethrows its last error after `timeoutMs`.
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {{ timeoutMs?: number, intervalMs?: number }} [options]
 * @returns {Promise<T>}
 */
export async function eventually(check, { timeoutMs = 15_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  }
}
