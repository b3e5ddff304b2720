import { describe, expect, it } from "vitest";
import { DEFAULT_WEBHOOK_DELIVERY } from "../../config";
import { parseRetryAfter } from "./webhook-http";
import { nextWait } from "./webhooks.jobs";

const HOUR = 3_600_000;

describe("the retry schedule", () => {
  it("is the Standard Webhooks one (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then 14 h waits to about 3 days", () => {
    const schedule = DEFAULT_WEBHOOK_DELIVERY.retryScheduleMs;
    expect(schedule).toEqual([
      5_000,
      300_000,
      1_800_000,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      10 * HOUR,
      14 * HOUR,
      14 * HOUR,
      14 * HOUR,
    ]);
    const waits = schedule.map((_, i) => nextWait(schedule, i + 1, null, () => 0)!);
    expect(waits).toEqual(schedule);
    expect(schedule.reduce((a, b) => a + b, 0) / HOUR).toBeCloseTo(69.58, 2);
    expect(nextWait(schedule, schedule.length + 1, null)).toBeNull();
  });

  it("adds up to 20% jitter, and waits longer when Retry-After asks for it (capped at a day)", () => {
    const schedule = [1000];
    expect(nextWait(schedule, 1, null, () => 0.999)).toBe(1200);
    expect(nextWait(schedule, 1, 500, () => 0)).toBe(1000);
    expect(nextWait(schedule, 1, 7000, () => 0)).toBe(7000);
    expect(nextWait(schedule, 1, 90 * 24 * HOUR, () => 0)).toBe(24 * HOUR);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-11-28T10:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Sat, 28 Nov 2026 10:01:00 GMT", now)).toBe(60_000);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});
