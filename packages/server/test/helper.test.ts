import { describe, expect, it } from "vitest";
import { createTestDatabase } from "./helper";

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
