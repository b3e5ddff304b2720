import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

// jsdom does no layout and has no scrollIntoView; tests spy on it to see what was revealed.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
