import { describe, expect, it } from "vitest";
import { AppError, fieldError, orNotFound } from "./app-error";

describe("orNotFound", () => {
  it("passes a found record through unchanged", () => {
    const row = { id: "a" };
    expect(orNotFound(row, "Row not found.")).toBe(row);
  });

  it.each([undefined, null])("throws a 404 not_found with the message when given %s", (found) => {
    let thrown: unknown;
    try {
      orNotFound(found, "Row not found.");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ code: "not_found", message: "Row not found.", status: 404 });
  });
});

describe("fieldError", () => {
  it("is a 400 validation_error whose one issue names the field with the same message", () => {
    const error = fieldError("body.email", "Enter an email address.");
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: "validation_error",
      message: "Enter an email address.",
      status: 400,
      details: { issues: [{ path: "body.email", message: "Enter an email address." }] },
    });
  });
});
