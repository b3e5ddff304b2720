import { ApiError, UNREADABLE_MESSAGE } from "../../../lib/api-client";

/**
 * Yields each line of a newline-delimited JSON body as a parsed value, as the bytes arrive.
 * Lines may be split across chunks (and multi-byte characters across chunks); blank lines
 * are skipped. A line that is not JSON ends the stream with an ApiError. Stopping the
 * iteration early cancels the body.
 */
export async function* readNdjson(response: Response): AsyncGenerator<unknown, void, undefined> {
  if (!response.body) return;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split("\n");
      buffer = done ? "" : (lines.pop() ?? "");
      for (const line of lines) {
        if (line.trim() !== "") yield parseLine(line, response.status);
      }
      if (done) break;
    }
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

function parseLine(line: string, status: number): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new ApiError(status, "internal_error", UNREADABLE_MESSAGE);
  }
}
