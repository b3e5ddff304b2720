// Throughput under concurrent connections (autocannon), for the benches that compare the built
// server with a bare Fastify.
import autocannon from "autocannon";

/**
 * Runs autocannon against `url` with `connections` for `seconds` (sending `cookie` when given)
 * and returns its result; throws when any answer was not 2xx or any request failed.
 * @param {string} url @param {{ connections: number, seconds: number, cookie?: string }} options
 */
export async function loadTest(url, { connections, seconds, cookie }) {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: cookie ? { cookie } : {},
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result;
}
