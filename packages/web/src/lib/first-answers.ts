/**
 * The answers the server put in index.html for this first visit (server plugins/web.ts,
 * `<script type="application/json" id="first-answers">`): the session and, when signed in,
 * the start-up data and the opened screen's first data, each the envelope its GET would
 * answer. The API client takes each one once, instead of asking, and only while the page is
 * starting: a later request for the same address asks the server.
 */
const ELEMENT_ID = "first-answers";
/** After this long the page has started; nothing embedded is fresh enough to use any more. */
const FRESH_FOR_MS = 30_000;

let answers: Map<string, unknown> | undefined;

function load(): Map<string, unknown> {
  const found = new Map<string, unknown>();
  const element = typeof document === "undefined" ? null : document.getElementById(ELEMENT_ID);
  if (element?.textContent) {
    try {
      const parsed = JSON.parse(element.textContent) as unknown;
      if (parsed && typeof parsed === "object") {
        for (const [url, envelope] of Object.entries(parsed)) found.set(url, envelope);
      }
    } catch {
      // An unreadable block is ignored: the app asks for everything as usual.
    }
  }
  element?.remove();
  return found;
}

/** The embedded answer for `url` (path and query string, as requested), once; else undefined. */
export function takeFirstAnswer(url: string): unknown {
  answers ??= load();
  const answer = answers.get(url);
  answers.delete(url);
  if (performance.now() > FRESH_FOR_MS) {
    answers.clear();
    return undefined;
  }
  return answer;
}
