import { describe, expect, it } from "vitest";
import { ApiError } from "../../../lib/api-client";
import { readNdjson } from "./read-ndjson";

function responseOf(chunks: (string | Uint8Array)[]): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      }
      controller.close();
    },
  });
  return new Response(stream, { status: 200 });
}

async function collect(response: Response): Promise<unknown[]> {
  const values: unknown[] = [];
  for await (const value of readNdjson(response)) values.push(value);
  return values;
}

describe("readNdjson", () => {
  it("joins lines split across chunks and reads a last line without a newline", async () => {
    const values = await collect(responseOf(['{"a":', '1}\n\n{"b"', ":2}\n", '{"c":3}']));
    expect(values).toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
  });

  it("keeps multi-byte characters that are split between chunks", async () => {
    const bytes = new TextEncoder().encode('{"text":"Zürich ✓"}\n');
    const values = await collect(
      responseOf([bytes.slice(0, 11), bytes.slice(11, 19), bytes.slice(19)]),
    );
    expect(values).toEqual([{ text: "Zürich ✓" }]);
  });

  it("fails with an ApiError on a line that is not JSON", async () => {
    await expect(collect(responseOf(['{"a":1}\n', "<html>\n"]))).rejects.toBeInstanceOf(ApiError);
  });
});
