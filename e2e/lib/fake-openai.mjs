// OpenAI pointed at the server tests' loopback fake, for journeys that generate through a
// provider: start the fake, start the server with `openAiEnv(fake)`, then the administrator
// makes OpenAI the current provider with `switchToOpenAi`.
import assert from "node:assert/strict";
import { startFakeAiProvider } from "../../packages/server/test/fakes/ai-provider-server.ts";

export const OPENAI_API_KEY = "sk-test-e2e-1234567890";
export const OPENAI_MODEL = "gpt-4o-mini";

/** The loopback fake of the OpenAI API; it refuses any key but OPENAI_API_KEY. */
export const startFakeOpenAi = () => startFakeAiProvider({ apiKey: OPENAI_API_KEY });

/**
 * The server's environment for calling `fake` as OpenAI.
 * @param {{ openaiBaseUrl: string }} fake
 */
export const openAiEnv = (fake) => ({ OPENAI_API_KEY, OPENAI_BASE_URL: fake.openaiBaseUrl });

/**
 * As the administrator signed in on `page`, through the page's own fetch (so what the page
 * receives includes the answer): makes OpenAI with OPENAI_MODEL the current provider.
 * @param {import("playwright-core").Page} page
 */
export async function switchToOpenAi(page) {
  const result = await page.evaluate(async (model) => {
    const response = await fetch("/api/change-ai-provider", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ provider: "openai", model }),
    });
    return { status: response.status, body: await response.json() };
  }, OPENAI_MODEL);
  assert.equal(result.status, 200, JSON.stringify(result.body));
  assert.equal(result.body.data.provider, "openai");
  assert.equal(result.body.data.model, OPENAI_MODEL);
}
