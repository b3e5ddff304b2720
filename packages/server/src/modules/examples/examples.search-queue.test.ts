import type { ExampleList } from "@content-studio/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type Agent, type TestApp } from "../../../test/helper";
import { eventually } from "../../../test/support/generation";
import { expectError } from "../../../test/support/responses";

/**
 * The process-wide cap on example searches (one at a time here) and the per-user fair queue
 * before it. A search that never ends holds the only slot, so the line is deterministic.
 */
describe("example search queue", () => {
  let t: TestApp;
  let alice: Agent;
  let bob: Agent;

  beforeAll(async () => {
    t = await buildTestApp({
      config: { exampleSearch: { concurrency: 1, maxWaitingPerUser: 2, maxWaiting: 10 } },
    });
    [alice, bob] = await Promise.all([t.signInAs("viewer"), t.signInAs("viewer")]);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Holds the only slot until the returned function is called. */
  async function occupySlot(): Promise<() => Promise<void>> {
    // The previous test's last slot is handed back on a later turn of the event loop.
    await eventually(() => t.ctx.exampleSearches.stats().running === 0);
    let release!: () => void;
    const held = t.ctx.exampleSearches.run(
      "someone else",
      () => new Promise<void>((r) => (release = r)),
    );
    await eventually(() => t.ctx.exampleSearches.stats().running === 1);
    return async () => {
      release();
      await held;
    };
  }

  /** Sends a search and waits until it is in line (so the order of arrival is the test's). */
  async function queued(agent: Agent, q: string, order: string[]) {
    const waiting = t.ctx.exampleSearches.stats().waiting;
    const res = agent.get(`/api/examples?q=${q}`).then((r) => {
      order.push(q);
      return r;
    });
    await eventually(() => t.ctx.exampleSearches.stats().waiting === waiting + 1);
    // Wrapped: an async function returning the promise itself would wait for the answer.
    return { res };
  }

  it("serves two users in turn: one user's line does not go before another's single search", async () => {
    const release = await occupySlot();
    const order: string[] = [];
    const a1 = await queued(alice, "alpha1", order);
    const a2 = await queued(alice, "alpha2", order);
    const b1 = await queued(bob, "bravo1", order);
    await release();
    const answers = await Promise.all([a1.res, a2.res, b1.res]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(order).toEqual(["alpha1", "bravo1", "alpha2"]);
    expect(answers[0].json<{ data: ExampleList }>().data.items).toEqual([]);
  });

  it("answers 429 rate_limited with Retry-After in the envelope when a user's line is long", async () => {
    const release = await occupySlot();
    const order: string[] = [];
    const waiting = [await queued(alice, "one", order), await queued(alice, "two", order)];
    const refused = await alice.get("/api/examples?q=three");
    expectError(refused, 429, {
      code: "rate_limited",
      message: "Too many searches are waiting. Please try again in a moment.",
      details: { retryAfterSeconds: 2 },
    });
    expect(refused.headers["retry-after"]).toBe("2");
    // Bob's line is his own.
    const bobs = await queued(bob, "four", order);
    await release();
    const answers = await Promise.all([...waiting.map((w) => w.res), bobs.res]);
    for (const res of answers) expect(res.statusCode).toBe(200);
    await eventually(() => t.ctx.exampleSearches.stats().running === 0);
    expect(t.ctx.exampleSearches.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
