import { describe, expect, it, vi } from "vitest";
import { installFakeApi, ndjson, ndjsonStream } from "../../../../test/fake-api";
import { ApiError } from "../../../lib/api-client";
import { buildGenerated, buildGenerationRequestBody } from "../../../../test/content-fixtures";
import { streamGeneration } from "./stream-generation";

const BODY = buildGenerationRequestBody({ personaId: "cto", contentTopic: "Should-cost reviews" });

describe("streamGeneration", () => {
  it("reads the answer to its end after the result instead of cancelling the request", async () => {
    const stream = ndjsonStream();
    let cancelled = false;
    const source = stream.response.stream;
    const watched = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const reader = source.getReader();
        const { done, value } = await reader.read();
        reader.releaseLock();
        if (done) controller.close();
        else controller.enqueue(value);
      },
      cancel: () => {
        cancelled = true;
      },
    });
    installFakeApi({
      "POST /api/generate-content/stream": () => ({ ...stream.response, stream: watched }),
    });
    const result = buildGenerated();
    const stages: unknown[] = [];
    const generation = streamGeneration(BODY, { onEvent: (event) => stages.push(event) });

    stream.send({ type: "stage", stage: "drafting" });
    stream.send({ type: "done", result });
    let settled = false;
    void generation.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // The result is in, but the answer has not ended yet: still reading.
    expect(settled).toBe(false);
    stream.close();

    await expect(generation).resolves.toEqual(result);
    expect(cancelled).toBe(false);
    expect(stages).toEqual([{ type: "stage", stage: "drafting" }]);
  });

  it("checks each event against the contract: skips unknown kinds, refuses a malformed result", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { contentItemId: _dropped, ...withoutId } = buildGenerated();
    installFakeApi({
      "POST /api/generate-content/stream": () =>
        ndjson([
          { type: "heartbeat", at: 1 },
          { type: "stage", stage: "drafting" },
          { type: "done", result: withoutId },
        ]),
    });
    const stages: unknown[] = [];

    const error = await streamGeneration(BODY, {
      onEvent: (event) => stages.push(event),
    }).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "malformed_answer", message: "Something went wrong." });
    expect(stages).toEqual([{ type: "stage", stage: "drafting" }]);
    expect(consoleError).toHaveBeenCalledWith(
      "Malformed answer from /api/generate-content/stream",
      [expect.stringMatching(/^result\.contentItemId: /)],
    );
    consoleError.mockRestore();
  });
});
