import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error";
import { WriterError, type WriterErrorKind } from "../ai/writer";
import { toAppError } from "./writer-errors";

describe("toAppError", () => {
  const cases: [WriterErrorKind, string, number][] = [
    ["auth", "provider_error", 502],
    ["rate_limited", "rate_limited", 429],
    ["timeout", "provider_error", 502],
    ["cancelled", "provider_error", 502],
    ["bad_output", "provider_error", 502],
    ["unavailable", "provider_error", 502],
  ];

  it.each(cases)("maps %s to %s (%i) with the writer's message", (kind, code, status) => {
    const error = toAppError(new WriterError(kind, `message for ${kind}`));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code, message: `message for ${kind}`, status });
    expect(error.details).toEqual({ providerError: kind });
    expect(error.retryAfterSeconds).toBe(kind === "rate_limited" ? 60 : undefined);
  });

  it("passes AppErrors through and rethrows anything else", () => {
    const app = new AppError("not_found", "x");
    expect(toAppError(app)).toBe(app);
    const bug = new TypeError("bug");
    expect(() => toAppError(bug)).toThrow(bug);
  });
});
