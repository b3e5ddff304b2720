import { describe, expect, it } from "vitest";
import { z } from "zod";
import { disableSchemaCompilation } from "./schema-compilation";

describe("disableSchemaCompilation", () => {
  it("turns zod's parser compilation off, and parsing still works", () => {
    expect(z.config().jitless).not.toBe(true);
    disableSchemaCompilation();
    expect(z.config().jitless).toBe(true);
    const schema = z.object({ name: z.string().min(1) });
    expect(schema.safeParse({ name: "Ada" }).success).toBe(true);
    expect(schema.safeParse({ name: "" }).success).toBe(false);
  });
});
