/** SQLSTATEs of a server that went away or cannot take the connection now. */
const UNAVAILABLE_STATES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, or a fast shutdown or restart
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "53300", // too_many_connections
]);

/** Socket errors of a server that cannot be reached. */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * What node-postgres says, without a code, about a connection it lost or could not open:
 * "Connection terminated unexpectedly", "Client has encountered a connection error and is not
 * queryable", "timeout exceeded when trying to connect", "Connection terminated due to
 * connection timeout".
 */
const LOST_CONNECTION =
  /^(Connection terminated\b|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * Whether a failure means the PostgreSQL server could not be reached or dropped the
 * connection (a restart, `pg_terminate_backend`, a network cut), rather than a fault of the
 * request: such a request answers 503, and the pool opens new connections for the next ones.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    // Class 08: connection exceptions.
    if (UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (UNREACHABLE_CODES.has(code)) return true;
  }
  if (LOST_CONNECTION.test(error.message)) return true;
  // A connect that fails on every address of a host name is an AggregateError of each.
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return error.cause !== undefined && error.cause !== error && isDatabaseUnavailable(error.cause);
}
