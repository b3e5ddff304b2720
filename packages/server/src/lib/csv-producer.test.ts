import { stringify } from "csv-stringify";
import { describe, expect, it } from "vitest";
import { PendingWork } from "./pending-work";
import { produceCsv } from "./csv-producer";

describe("produceCsv", () => {
  it("writes every record, ends the stream and is no longer pending", async () => {
    const jobs = new PendingWork();
    const out = stringify({ header: true, columns: ["n"] });
    async function* batches() {
      yield [1, 2];
      yield [3];
    }
    produceCsv(jobs, "export", out, batches(), (n) => [String(n)]);
    let text = "";
    for await (const chunk of out) text += String(chunk);
    expect(text).toBe("n\n1\n2\n3\n");
    expect(await jobs.settle()).toEqual([]);
  });

  it("stops reading when the client goes away (the stream is destroyed mid-export)", async () => {
    const jobs = new PendingWork();
    // Nobody reads: the stream fills, the producer waits for 'drain', and then the answer's
    // stream is destroyed, as Fastify does when the client disconnects.
    const out = stringify({ highWaterMark: 64 });
    let batchesRead = 0;
    async function* batches() {
      for (;;) {
        batchesRead += 1;
        yield Array.from({ length: 100 }, (_, i) => i);
      }
    }
    produceCsv(jobs, "export", out, batches(), (n) => [String(n).repeat(20)]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const readBeforeDestroy = batchesRead;
    out.destroy();
    const left = await jobs.settle(new Promise((resolve) => setTimeout(resolve, 2_000)));
    expect(left).toEqual([]);
    expect(batchesRead).toBe(readBeforeDestroy);
  });
});
