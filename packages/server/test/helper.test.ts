import { describe, expect, it } from "vitest";
import { createTestDatabase, standIn } from "./helper";

describe("the project without a database (vitest.config.ts)", () => {
  it("cannot make one: createTestDatabase refuses and names the rule", async () => {
    const was = process.env.TEST_DB;
    process.env.TEST_DB = "none";
    try {
      await expect(createTestDatabase()).rejects.toThrow(/runs in the project without a database/);
    } finally {
      process.env.TEST_DB = was;
    }
  });
});

describe("standIn", () => {
  class Counter {
    private count = 0;
    add(n: number): number {
      this.count += n;
      return this.count;
    }
  }

  it("refuses to be used before there is a real object, naming it", () => {
    const counter = standIn<Counter>(() => undefined, "the counter");
    expect(() => counter.add(1)).toThrow("the counter is used before its beforeAll has run");
  });

  it("reaches the object current gives: reads, bound methods, writes and keys", () => {
    let real: (Counter & { label?: string }) | undefined;
    const counter = standIn(() => real, "the counter");
    real = new Counter();
    const add = Reflect.get(counter, "add");
    expect(add(2)).toBe(2);
    expect(counter.add(3)).toBe(5);
    counter.label = "kept";
    expect(real.label).toBe("kept");
    expect("label" in counter).toBe(true);
    expect({ ...counter }).toEqual({ count: 5, label: "kept" });
    real = new Counter();
    expect(counter.add(1)).toBe(1);
  });
});
