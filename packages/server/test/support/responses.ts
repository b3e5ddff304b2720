import type { ErrorCode, ErrorEnvelope } from "@content-studio/contract";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";

/** The body of an answer that succeeded. */
export type Ok<T> = { success: true; data: T };
/** The body of an answer that was refused. */
export type Err = ErrorEnvelope;

/**
 * Checks a refused request: its status, then the whole error envelope (no other field). A failed
 * check shows `label`, the answer's body unless told otherwise.
 */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  error: { code: ErrorCode; message: string; details?: unknown },
  label: string = res.body,
): void {
  expect(res.statusCode, label).toBe(status);
  expect(res.json(), label).toEqual({ success: false, ...error });
}

/** The data of an answer that must have succeeded with `status`; a failed check shows the body. */
export function dataOf<T>(res: LightMyRequestResponse, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<Ok<T>>().data;
}
