import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { format } from "node:util";
import { afterEach, beforeEach, expect, vi } from "vitest";

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

afterEach(() => {
  cleanup();
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
