import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answer,
  maxInFlight,
  startFakeAiProvider,
  type FakeAiProviderServer,
} from "./ai-provider-server";

describe("maxInFlight", () => {
  let fake: FakeAiProviderServer;
  const call = () =>
    fetch(`${fake.openaiBaseUrl}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o-mini", input: "Say ok." }),
    }).then((res) => res.json());

  beforeAll(async () => {
    fake = await startFakeAiProvider();
    fake.setDefault(answer("ok", { delayMs: 100 }));
  });
  afterAll(() => fake.close());

  it("counts the requests the fake answered at once, from their recorded times", async () => {
    await Promise.all([call(), call(), call()]);
    await call();
    await call();
    expect(fake.requests).toHaveLength(5);
    expect(maxInFlight(fake.requests)).toBe(3);
    expect(maxInFlight(fake.requests.slice(3))).toBe(1);
    expect(maxInFlight([])).toBe(0);
  });

  it("counts a request that is still being answered", async () => {
    const from = fake.requests.length;
    fake.enqueue(answer("ok", { delayMs: 1_000 }));
    const pending = call();
    await expect.poll(() => fake.requests.length).toBe(from + 1);
    expect(fake.requests[from]?.finishedAt).toBeUndefined();
    expect(maxInFlight(fake.requests.slice(from))).toBe(1);
    await pending;
    expect(maxInFlight(fake.requests.slice(from))).toBe(1);
  });
});
