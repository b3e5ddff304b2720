import type { Kit } from "@content-studio/contract";
import pg from "pg";
import { describe, expect, it } from "vitest";
import {
  answer,
  startFakeAiProvider,
  type FakeAiProviderServer,
} from "../../../test/fakes/ai-provider-server";
import { briefInput } from "../../../test/support/factories";
import {
  endProcessesAfterAll,
  signIn,
  migratedServerEnv,
  startServer,
} from "../../../test/support/server-process";

const KEY = "sk-test-kit-crash-0123456789";

/** Draft JSON for article prompts, a text or three subjects for the short ones, each slowly. */
function slowFake(fake: FakeAiProviderServer) {
  fake.setDefault((request) => {
    const prompt = request.promptText;
    if (/exactly 3 email subject lines/.test(prompt)) {
      return answer({ subjects: ["One", "Two", "Three"] }, { delayMs: 300 });
    }
    if (/Write (a LinkedIn post|an X post)/.test(prompt)) {
      return answer({ text: "Cost estimates at every design review." }, { delayMs: 300 });
    }
    return answer(
      {
        headline: "Cost visibility before design release",
        introduction: "Engineering leaders see product cost while the design can change.",
        body: "<p>Estimate cost from the CAD model at every design review.</p>",
        conclusion: "Start with one product line.",
        imagePrompt: "An engineer reviewing a cost breakdown",
      },
      { delayMs: 300 },
    );
  });
}

describe("a kit whose server process is killed mid-run", () => {
  const { children, cleanups } = endProcessesAfterAll();

  it("resumes after a restart and writes every step exactly once", async () => {
    const fake = await startFakeAiProvider({ apiKey: KEY });
    cleanups.push(() => fake.close());
    slowFake(fake);
    const env = {
      ...(await migratedServerEnv("cs-kit-crash-", cleanups)),
      LOG_LEVEL: "warn",
      OPENAI_API_KEY: KEY,
      OPENAI_BASE_URL: fake.openaiBaseUrl,
      KIT_CONCURRENCY: "2",
      GENERATION_RATE_LIMIT: "100000",
    };
    const first = await startServer(env);
    children.push(first.child);
    let api = await signIn(first.base);
    const provider = await api("POST", "/api/change-ai-provider", {
      provider: "openai",
      model: "gpt-4o-mini",
    });
    expect(provider.status, JSON.stringify(provider.json)).toBe(200);
    const cells = ["vp-engineering", "cto", "product-manager"].flatMap((personaId) =>
      (["awareness", "decision"] as const).map((buyingStage) => ({
        personaId,
        industryId: "aerospace",
        buyingStage,
      })),
    );
    const brief = await api<{ id: string }>(
      "POST",
      "/api/campaigns",
      briefInput({ cells, assets: ["article", "linkedin", "x", "email-subjects"] }),
    );
    expect(brief.status, JSON.stringify(brief.json)).toBe(201);
    const started = await api<Kit>("POST", `/api/campaigns/${brief.data.id}/kits`);
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    const kitId = started.data.id;
    const total = started.data.steps.length; // 6 cells x 4 assets

    // Kill it once some steps are done and others are being written.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { data } = await api<Kit>("GET", `/api/kits/${kitId}`);
      if (data.counts.done >= 4 && data.counts.writing + data.counts.checking > 0) break;
      if (Date.now() > deadline) throw new Error(`no progress: ${JSON.stringify(data.counts)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    first.child.kill("SIGKILL");
    await first.exited;

    const second = await startServer(env);
    children.push(second.child);
    api = await signIn(second.base);
    const end = Date.now() + 120_000;
    let kit: Kit;
    for (;;) {
      kit = (await api<Kit>("GET", `/api/kits/${kitId}`)).data;
      if (kit.status !== "running") break;
      if (Date.now() > end) throw new Error(`not resumed: ${JSON.stringify(kit.counts)}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(kit.status).toBe("done");
    expect(kit.counts.done).toBe(total);
    // One library item per step: nothing written twice across the kill.
    const items = new Set(kit.steps.map((s) => s.contentItemId));
    expect(items.size).toBe(total);
    second.child.kill("SIGTERM");
    await second.exited;
    if (env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query<{ n: string }>(
        "select count(*) as n from content_item where kit_asset is not null",
      );
      await client.end();
      expect(Number(rows[0]!.n)).toBe(total);
    }
  }, 300_000);
});
