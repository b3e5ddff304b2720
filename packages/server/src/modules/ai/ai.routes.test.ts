import type { AiServiceInfo } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { type Agent, useTestAppAs } from "../../../test/helper";
import { noKeysAi } from "../../../test/support/generation";
import { AI_PROVIDER_SETTING, getWriter } from "./ai-provider.service";
import { writeSetting } from "../settings/settings.repository";
import { expectError } from "../../../test/support/responses";

const OPENAI_KEY = "sk-proj-route-test-0123456789-abcdEFGH";
const GOOGLE_KEY = "AIzaSy-route-test-0123456789-wxyz";

/** An admin's choice of provider and model, as the Settings page sends it. */
const changeProvider = (admin: Agent, provider: string, model?: string) =>
  admin.post("/api/change-ai-provider", { provider, model });
const info = (body: string) => (JSON.parse(body) as { data: AiServiceInfo }).data;
const errorOf = (res: { json<T>(): T }) =>
  res.json<{ success: false; code: string; message: string; details?: unknown }>();

describe("AI provider routes without any key", () => {
  const [t, admin, viewer] = useTestAppAs(["admin", "viewer"], { config: { ai: noKeysAi() } });

  it("uses the built-in writer and lists every provider as unavailable but it", async () => {
    const res = await viewer.get("/api/ai-service-info");
    expect(res.statusCode).toBe(200);
    const data = info(res.body);
    expect(data).toMatchObject({
      provider: "builtin",
      model: "content-studio-writer-1",
      providerLabel: "Outline writer (offline, no AI)",
    });
    expect(data.providers.map((p) => [p.id, p.available, p.keyHint])).toEqual([
      ["openai", false, null],
      ["google", false, null],
      ["compatible", false, null],
      ["builtin", true, null],
    ]);
    // The product's listed models first, the default first of all; newer ids may follow.
    expect(data.providers[0]).toMatchObject({ label: "OpenAI", defaultModel: "gpt-4o-mini" });
    expect(data.providers[0]!.models.slice(0, 4)).toEqual([
      "gpt-4o-mini",
      "gpt-4o",
      "gpt-4",
      "gpt-3.5-turbo",
    ]);
    expect(data.providers[1]).toMatchObject({
      label: "Google Gemini",
      defaultModel: "gemini-1.5-pro",
    });
    expect(data.providers[1]!.models.slice(0, 3)).toEqual([
      "gemini-1.5-pro",
      "gemini-1.5-flash",
      "gemini-1.0-pro",
    ]);
  });

  it("needs a session", async () => {
    expect((await t.anonymous.get("/api/ai-service-info")).statusCode).toBe(401);
  });

  it("refuses a provider without a key with a message naming the variable", async () => {
    const res = await changeProvider(admin, "openai", "gpt-4o");
    expectError(res, 409, {
      code: "conflict",
      message: "OpenAI is not configured: set OPENAI_API_KEY on the server.",
    });
    const google = await changeProvider(admin, "google", "gemini-1.5-flash");
    expect(google.statusCode).toBe(409);
    expect(errorOf(google).message).toBe(
      "Google Gemini is not configured: set GOOGLE_GENERATIVE_AI_API_KEY on the server.",
    );
    const compatible = await changeProvider(admin, "compatible", "llama3");
    expect(compatible.statusCode).toBe(409);
    expect(errorOf(compatible).message).toMatch(
      /OPENAI_COMPATIBLE_BASE_URL and OPENAI_COMPATIBLE_MODEL/,
    );
  });

  it("rejects unknown providers and models with 400 validation_error", async () => {
    const unknown = await changeProvider(admin, "anthropic", "x");
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({
      success: false,
      code: "validation_error",
      details: { issues: [{ path: "body.provider" }] },
    });
    const model = await changeProvider(admin, "openai", "gpt-9");
    expect(model.statusCode).toBe(400);
    expect(errorOf(model)).toMatchObject({
      code: "validation_error",
      details: { issues: [{ path: "body.model" }] },
    });
    expect(errorOf(model).message).toMatch(
      /^OpenAI does not offer that model\. Choose one of: gpt-4o-mini/,
    );
    const missing = await changeProvider(admin, "openai");
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).code).toBe("validation_error");
  });

  it("falls back to the built-in writer when the stored provider has no key", async () => {
    await writeSetting(t.db, AI_PROVIDER_SETTING, { provider: "openai", model: "gpt-4o" }, null);
    const data = info((await viewer.get("/api/ai-service-info")).body);
    expect(data.provider).toBe("builtin");
    const lines: string[] = [];
    const log = {
      info: (o: object, m: string) => lines.push(`${JSON.stringify(o)} ${m}`),
      warn: (o: object, m: string) => lines.push(`${JSON.stringify(o)} ${m}`),
    };
    const writer = await getWriter(t.ctx, { log });
    expect(writer.provider).toBe("builtin");
    expect(lines.join("\n")).toMatch(
      /OpenAI\) is not configured on this server; using the built-in writer/,
    );
  });
});

describe("AI provider routes with keys", () => {
  const [t, admin, editor, viewer] = useTestAppAs(["admin", "editor", "viewer"], {
    config: {
      ai: noKeysAi({
        openai: { apiKey: OPENAI_KEY, baseUrl: undefined },
        google: { apiKey: GOOGLE_KEY, baseUrl: undefined },
        compatible: {
          baseUrl: "http://127.0.0.1:9/v1",
          model: "llama-3.1-8b",
          apiKey: undefined,
        },
      }),
    },
  });

  it("defaults to OpenAI gpt-4o-mini and shows only the keys' last four characters", async () => {
    const res = await viewer.get("/api/ai-service-info");
    const data = info(res.body);
    expect(data).toMatchObject({
      provider: "openai",
      model: "gpt-4o-mini",
      providerLabel: "OpenAI",
    });
    const byId = Object.fromEntries(data.providers.map((p) => [p.id, p]));
    expect(byId.openai).toMatchObject({ available: true, keyHint: "EFGH" });
    expect(byId.google).toMatchObject({ available: true, keyHint: "wxyz" });
    expect(byId.compatible).toMatchObject({
      available: true,
      models: ["llama-3.1-8b"],
      defaultModel: "llama-3.1-8b",
      keyHint: null,
    });
    for (const secret of [
      OPENAI_KEY,
      GOOGLE_KEY,
      OPENAI_KEY.slice(0, -4),
      GOOGLE_KEY.slice(0, 12),
    ]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it("lets only admins change the provider", async () => {
    const body = { provider: "google", model: "gemini-1.5-flash" };
    expect((await t.anonymous.post("/api/change-ai-provider", body)).statusCode).toBe(401);
    expect((await viewer.post("/api/change-ai-provider", body)).statusCode).toBe(403);
    expect((await editor.post("/api/change-ai-provider", body)).statusCode).toBe(403);
    expect(info((await viewer.get("/api/ai-service-info")).body).provider).toBe("openai");
  });

  /** Changes the provider, expecting 200 and the new choice in the answer's info. */
  async function expectChanged(provider: string, model: string, providerLabel: string) {
    const res = await changeProvider(admin, provider, model);
    expect(res.statusCode).toBe(200);
    expect(info(res.body)).toMatchObject({ provider, model, providerLabel });
    return res;
  }

  it("stores the choice, and the info everyone sees follows it", async () => {
    const res = await expectChanged("google", "gemini-1.5-flash", "Google Gemini");
    expect(res.body).not.toContain(GOOGLE_KEY);
    const footer = info((await viewer.get("/api/ai-service-info")).body);
    expect(footer).toMatchObject({ provider: "google", model: "gemini-1.5-flash" });
    const writer = await getWriter(t.ctx);
    expect([writer.provider, writer.model, writer.label]).toEqual([
      "google",
      "gemini-1.5-flash",
      "Google Gemini",
    ]);
  });

  it("accepts the compatible endpoint with its configured model only", async () => {
    const wrong = await changeProvider(admin, "compatible", "gpt-4o");
    expect(wrong.statusCode).toBe(400);
    await expectChanged("compatible", "llama-3.1-8b", "OpenAI-compatible endpoint");
  });

  it("switches back to the built-in writer", async () => {
    const res = await changeProvider(admin, "builtin", "content-studio-writer-1");
    expect(res.statusCode).toBe(200);
    expect(info((await viewer.get("/api/ai-service-info")).body)).toMatchObject({
      provider: "builtin",
      providerLabel: "Outline writer (offline, no AI)",
    });
    expect((await getWriter(t.ctx)).provider).toBe("builtin");
  });
});
