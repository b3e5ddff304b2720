import type { ErrorCode } from "@content-studio/contract";

/** The one HTTP status for each error code. Exhaustive: a new code does not compile without one. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  validation_error: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  setup_required: 409,
  already_set_up: 409,
  password_change_required: 403,
  payload_too_large: 413,
  rate_limited: 429,
  provider_error: 502,
  service_unavailable: 503,
  internal_error: 500,
};

/** An expected failure whose message is safe to show the user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    /** Seconds, sent as Retry-After with 429s. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/**
 * The record a lookup found, or a 404 `not_found` with `message` when it found nothing (the
 * "load or 404" every service starts with): `const row = orNotFound(await find(…), "… not found.")`.
 */
export function orNotFound<T>(found: T, message: string): NonNullable<T> {
  if (!found) throw new AppError("not_found", message);
  return found;
}

/**
 * A 400 `validation_error` about one field of the request: `message` is the answer's message and
 * the field's issue, `path` names the field (`body.email`, `query.cursor`).
 */
export function fieldError(path: string, message: string): AppError {
  return new AppError("validation_error", message, { issues: [{ path, message }] });
}
