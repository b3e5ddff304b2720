// Every journey fails on a console warning or error and on an uncaught exception in the page:
// nothing is allow-listed globally. A step that provokes a message on purpose (a wrong
// password makes Chromium log the 401 answer) declares it with `expect(pattern)` first; an
// expected message that never comes fails too.
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
  /** @type {{ pattern: RegExp, seen: boolean }[]} */
  const expected = [];
  /** @type {Set<RegExp>} */
  const tolerated = new Set();
  /** @param {ConsoleProblem} problem */
  const record = (problem) => {
    if ([...tolerated].some((pattern) => pattern.test(problem.text))) return;
    const match = expected.find((e) => !e.seen && e.pattern.test(problem.text));
    if (match) match.seen = true;
    else problems.push(problem);
  };
  page.on("console", (message) => {
    const kind = message.type();
    if (kind !== "warning" && kind !== "error") return;
    const { url, lineNumber } = message.location();
    const where = url ? ` (${url}:${lineNumber})` : "";
    record({ kind, text: `${message.text()}${where}`, url: page.url() });
  });
  page.on("pageerror", (error) => {
    record({ kind: "pageerror", text: error.stack ?? error.message, url: page.url() });
  });
  return {
    problems,
    /** The next message matching `pattern` is part of the step, not a problem. @param {RegExp} pattern */
    expect(pattern) {
      expected.push({ pattern, seen: false });
    },
    /**
     * Messages matching `pattern` are no problem until the returned function is called: for a
     * step in which whether they come at all depends on timing (a tab whose session ended
     * elsewhere may refetch before it is reloaded). Keep the window as short as the step.
     * @param {RegExp} pattern
     * @returns {() => void}
     */
    tolerate(pattern) {
      tolerated.add(pattern);
      return () => tolerated.delete(pattern);
    },
    /** Throws on any unexpected message so far, or an expected one that did not come; then starts afresh. */
    assertClean() {
      const seen = problems.splice(0, problems.length);
      const missing = expected.splice(0, expected.length).filter((e) => !e.seen);
      assert.deepEqual(
        seen,
        [],
        `console warnings/errors:\n${seen.map((p) => `[${p.kind}] ${p.url}: ${p.text}`).join("\n")}`,
      );
      assert.deepEqual(
        missing.map((e) => String(e.pattern)),
        [],
        "expected console messages that never came",
      );
    },
  };
}
