// The set-up every plain journey shares: the built server and one Chromium page for the whole
// journey, ended (browser closed, server log kept, server stopped) after its last step.
import { after, before } from "node:test";
import { endJourney, launchBrowser } from "./browser.mjs";
import { startServer } from "./server.mjs";

/**
 * @typedef {object} Journey
 * @property {Awaited<ReturnType<typeof startServer>>} server
 * @property {Awaited<ReturnType<typeof launchBrowser>>} browser
 * @property {import("playwright-core").Page} page  the browser's one page
 * @property {(route: string) => Promise<unknown>} open  goes to a path of the app in the page
 */

/**
 * Call inside the journey's `describe`: starts the server and the browser before its steps and
 * ends both after them. The fields are set once the `before` hook has run.
 * @param {string} journey  the name of its screenshots and server log
 * @param {{ server?: Parameters<typeof startServer>[0], browser?: Parameters<typeof launchBrowser>[1] }} [options]
 * @returns {Journey}
 */
export function useJourney(journey, options = {}) {
  const j = /** @type {Journey} */ ({
    open: (route) => j.page.goto(new URL(route, j.server.url).href),
  });
  before(async () => {
    j.server = await startServer(options.server);
    j.browser = await launchBrowser(journey, options.browser);
    j.page = j.browser.page;
  });
  after(() => endJourney(journey, j.server, j.browser));
  return j;
}
