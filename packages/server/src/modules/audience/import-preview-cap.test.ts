import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestApp } from "../../../test/helper";
import {
  buildSignedIn,
  intentCsv,
  multipartFile,
  type TestAccount,
} from "../../../test/support/factories";
import type { Agent } from "../../../test/helper";
import {
  MAX_RUNNING_INGESTS,
  reserveIngestSlot,
  RETRY_INGEST_SECONDS,
} from "../../lib/ingest-slots";

/**
 * An intent CSV preview parses up to 200,000 rows in memory, so it shares the heavy-import cap
 * with example uploads being received: at most MAX_RUNNING_INGESTS at once in the server and one
 * per person; a further one is refused with 429 and Retry-After before its file is read.
 */
describe("intent CSV previews share the ingest cap", () => {
  let t: TestApp;
  let first: TestAccount & { agent: Agent };
  let second: TestAccount & { agent: Agent };

  beforeAll(async () => {
    t = await buildTestApp();
    [first, second] = await Promise.all([buildSignedIn(t, "editor"), buildSignedIn(t, "editor")]);
  });
  afterAll(() => t.close());

  const preview = (agent: Agent) => {
    const { payload, headers } = multipartFile("file", "intent.csv", intentCsv(), "text/csv");
    return agent.post("/api/audience/imports/preview", payload, headers);
  };

  /**
   * One of the server's heavy-import slots, as an example upload being received holds it
   * (examples.service ingestUploadedParts), until `release` is called.
   */
  function heldIngest(actorId: string | null) {
    return { release: reserveIngestSlot(t.ctx, actorId) };
  }

  it("refuses a preview while the server's ingests fill the cap, and takes it once one ends", async () => {
    const held = [];
    for (let i = 0; i < MAX_RUNNING_INGESTS; i++) held.push(heldIngest(null));
    const refused = await preview(first.agent);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers["retry-after"]).toBe(String(RETRY_INGEST_SECONDS));
    expect(refused.json()).toMatchObject({ success: false, code: "rate_limited" });
    for (const h of held) h.release();
    const accepted = await preview(first.agent);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it("refuses one person's second import while their first runs, not another person's", async () => {
    const mine = heldIngest(first.user.id);
    const refused = await preview(first.agent);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({
      code: "rate_limited",
      message:
        "Your previous import or ingest is still running. Please try again when it has finished.",
    });
    const theirs = await preview(second.agent);
    expect(theirs.statusCode, theirs.body).toBe(200);
    mine.release();
    expect((await preview(first.agent)).statusCode).toBe(200);
  });
});
