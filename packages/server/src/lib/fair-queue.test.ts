import { describe, expect, it } from "vitest";
import { QueryCancelledError } from "../db/cancellable";
import { AppError } from "./app-error";
import { FairQueue } from "./fair-queue";

const options = {
  concurrency: 1,
  maxWaitingPerKey: 3,
  maxWaiting: 5,
  retryAfterSeconds: 2,
  busyMessage: "Busy.",
};

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A few turns of the event loop: a freed slot is handed on in a later turn (setImmediate). */
async function tick() {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe("FairQueue", () => {
  it("runs at most `concurrency` at once and hands freed slots to the users in turn", async () => {
    const queue = new FairQueue({ ...options, concurrency: 2 });
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const gates = new Map<string, ReturnType<typeof gate>>();
    const job = (name: string, key: string) => {
      const g = gate();
      gates.set(name, g);
      return queue.run(key, async () => {
        running += 1;
        most = Math.max(most, running);
        order.push(name);
        await g.opened;
        running -= 1;
      });
    };
    const all = [job("a1", "a"), job("a2", "a"), job("a3", "a"), job("a4", "a"), job("b1", "b")];
    await tick();
    expect(order).toEqual(["a1", "a2"]);
    expect(queue.stats()).toEqual({ running: 2, waiting: 3 });
    gates.get("a1")!.open();
    await tick();
    gates.get("a2")!.open();
    await tick();
    // b1 came after a3 and a4, but a's turn was taken by a3: b1 goes before a4.
    expect(order).toEqual(["a1", "a2", "a3", "b1"]);
    for (const g of gates.values()) g.open();
    await Promise.all(all);
    expect(order).toEqual(["a1", "a2", "a3", "b1", "a4"]);
    expect(most).toBe(2);
    await tick();
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses with 429 rate_limited and Retry-After when a user's line or the whole line is long", async () => {
    const queue = new FairQueue(options);
    const g = gate();
    const held = [queue.run("a", () => g.opened)];
    for (let i = 0; i < 3; i++) held.push(queue.run("a", async () => undefined));
    const refused = await queue.run("a", async () => "ran").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      code: "rate_limited",
      status: 429,
      message: "Busy.",
      details: { retryAfterSeconds: 2 },
      retryAfterSeconds: 2,
    });
    // Another user still gets in line, until the whole line is long.
    held.push(
      queue.run("b", async () => undefined),
      queue.run("c", async () => undefined),
    );
    await expect(queue.run("d", async () => undefined)).rejects.toMatchObject({
      code: "rate_limited",
    });
    g.open();
    await Promise.all(held);
    await tick();
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("drops a waiter whose client went away without running it", async () => {
    const queue = new FairQueue(options);
    const g = gate();
    const first = queue.run("a", () => g.opened);
    const controller = new AbortController();
    let ran = false;
    const second = queue.run(
      "a",
      async () => {
        ran = true;
      },
      controller.signal,
    );
    const third = queue.run("b", async () => "third");
    controller.abort();
    await expect(second).rejects.toBeInstanceOf(QueryCancelledError);
    expect(queue.stats()).toEqual({ running: 1, waiting: 1 });
    g.open();
    await first;
    expect(await third).toBe("third");
    expect(ran).toBe(false);
    await tick();
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("hands a freed slot on in a later turn of the event loop, after waiting I/O", async () => {
    // On PGlite the queries run on the main thread: handing the slot on within the microtask
    // chain would run search after search without ever reading a socket (a health check).
    const queue = new FairQueue(options);
    const events: string[] = [];
    const first = queue.run("a", async () => {
      await tick();
      // Stands for a socket that became readable while this search ran.
      setImmediate(() => events.push("waiting I/O handled"));
    });
    const second = queue.run("b", async () => {
      events.push("next search started");
    });
    await Promise.all([first, second]);
    expect(events).toEqual(["waiting I/O handled", "next search started"]);
  });

  it("frees the slot when the work throws", async () => {
    const queue = new FairQueue(options);
    await expect(
      queue.run("a", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await queue.run("a", async () => 1)).toBe(1);
    await tick();
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });
});
