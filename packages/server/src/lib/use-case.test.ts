import { describe, expect, it } from "vitest";
import { z, ZodError } from "zod";
import { AppError } from "./app-error";
import { definePolicy } from "./policy";
import { allowedInput } from "./use-case";

const policy = definePolicy<"manage">({ actions: ["manage"], minRole: "admin" });
const schema = z.object({ name: z.string().trim().min(1), tags: z.array(z.string()).default([]) });

describe("allowedInput", () => {
  it("parses the input for an allowed actor (trimmed, defaults filled in)", () => {
    expect(allowedInput({ role: "admin" }, policy, "manage", schema, { name: " Ada " })).toEqual({
      name: "Ada",
      tags: [],
    });
  });

  it("refuses a disallowed actor before looking at the input", () => {
    const call = () => allowedInput({ role: "editor" }, policy, "manage", schema, { name: "" });
    expect(call).toThrow(AppError);
    expect(call).toThrow("You do not have permission to do this.");
  });

  it("throws the schema's error for an allowed actor's invalid input", () => {
    expect(() => allowedInput({ role: "admin" }, policy, "manage", schema, { name: " " })).toThrow(
      ZodError,
    );
  });
});
