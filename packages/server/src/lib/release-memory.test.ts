import { describe, expect, it } from "vitest";
import { releaseMemory } from "./release-memory";

/** Allocates about 80 MiB of doubles, lets them go, and answers the heap size while they lived. */
function heapWithGarbage(): number {
  const garbage = Array.from({ length: 400 }, (_, i) =>
    Array.from({ length: 25_000 }, (_, j) => i + j + 0.5),
  );
  expect(garbage).toHaveLength(400);
  return process.memoryUsage().heapUsed;
}

describe("releaseMemory", () => {
  it("collects garbage now: the heap drops by what was let go", () => {
    releaseMemory();
    const held = heapWithGarbage();
    releaseMemory();
    const after = process.memoryUsage().heapUsed;
    // At least half of what was let go is gone at once.
    expect(held - after).toBeGreaterThan(40 * 1024 * 1024);
  });
});
