import { describe, expect, it } from "vitest";
import { loginPathFor, returnToTarget } from "./return-to";

describe("returnToTarget", () => {
  it.each([
    ["?next=%2Fexamples%3Fsource%3Dlocal", "/examples?source=local"],
    ["?next=%2Fgenerate%23top", "/generate#top"],
    ["?next=%2Fexamples%2Fabc%3Fsource%3Dlocal%23view", "/examples/abc?source=local#view"],
    ["?next=%2F", "/"],
  ])("follows the same-site path in %s", (search, expected) => {
    expect(returnToTarget(search)).toBe(expected);
  });

  it.each([
    ["no parameter", ""],
    ["an empty value", "?next="],
    ["a protocol-relative address", `?next=${encodeURIComponent("//evil.com")}`],
    ["a protocol-relative path", `?next=${encodeURIComponent("//evil.com/examples")}`],
    ["an absolute address", `?next=${encodeURIComponent("https://evil.com")}`],
    ["an absolute address on another scheme", `?next=${encodeURIComponent("javascript:alert(1)")}`],
    ["a backslash that browsers read as a slash", `?next=${encodeURIComponent("/\\evil.com")}`],
    ["a tab that browsers drop", `?next=${encodeURIComponent("/\t/evil.com")}`],
    ["a relative path without the leading slash", "?next=examples"],
    ["the login page itself", `?next=${encodeURIComponent("/login?next=/x")}`],
  ])("refuses %s and goes to the dashboard", (_what, search) => {
    expect(returnToTarget(search)).toBe("/");
  });

  it("round-trips what loginPathFor puts in the address", () => {
    const target = "/examples?source=local&q=a%20b#list";
    const login = loginPathFor(target);
    expect(login.startsWith("/login?next=")).toBe(true);
    expect(returnToTarget(login.slice("/login".length))).toBe(target);
    expect(loginPathFor("/")).toBe("/login");
  });
});
