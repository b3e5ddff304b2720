// Every journey fails on a console warning or error and on an uncaught exception in the page:
// a warning today is a bug report tomorrow. Nothing is allow-listed.
import assert from "node:assert/strict";

/**
 * @typedef {object} ConsoleProblem
 * @property {string} kind  "warning", "error" or "pageerror"
 * @property {string} text
 * @property {string} url   the page's address when it happened
 */

/**
 * Starts collecting console warnings/errors and uncaught exceptions of `page`.
 * @param {import("playwright-core").Page} page
 */
export function watchConsole(page) {
  /** @type {ConsoleProblem[]} */
  const problems = [];
  page.on("console", (message) => {
    const kind = message.type();
    if (kind !== "warning" && kind !== "error") return;
    const location = message.location();
    const where = location.url ? ` (${location.url}:${location.lineNumber})` : "";
    problems.push({ kind, text: `${message.text()}${where}`, url: page.url() });
  });
  page.on("pageerror", (error) => {
    problems.push({ kind: "pageerror", text: error.stack ?? error.message, url: page.url() });
  });
  return {
    problems,
    /** Throws when anything was logged; `take()` then starts afresh. */
    assertClean() {
      const seen = problems.splice(0, problems.length);
      assert.deepEqual(
        seen,
        [],
        `console warnings/errors:\n${seen.map((p) => `[${p.kind}] ${p.url}: ${p.text}`).join("\n")}`,
      );
    },
  };
}
