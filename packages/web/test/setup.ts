import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { format } from "node:util";
import { afterEach, beforeEach, expect, vi } from "vitest";
import { dismissMalformedAnswer } from "../src/lib/malformed-answers";

// A console warning or error fails the test (React and react-router warn there). A test that
// expects one spies on console itself, which replaces this recorder.
const logged: string[] = [];
beforeEach(() => {
  for (const level of ["error", "warn"] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      logged.push(`console.${level}: ${format(...args)}`);
    });
  }
});

// findBy and waitFor wait up to 5 s (not 1 s): CI runs these files beside the server tests and
// the static checks on two cores. A passing test waits only as long as its condition takes.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  // Files share loaded modules (vite.config.ts): no notice of a malformed answer outlives its test.
  dismissMalformedAnswer();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  expect(logged.splice(0, logged.length)).toEqual([]);
});

// jsdom does no layout and has no scrollIntoView; tests spy on it to see what was revealed.
if (!("scrollIntoView" in Element.prototype)) {
  Object.defineProperty(Element.prototype, "scrollIntoView", {
    configurable: true,
    writable: true,
    value: function scrollIntoView() {},
  });
}
