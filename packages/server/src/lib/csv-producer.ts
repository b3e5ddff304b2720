import type { Writable } from "node:stream";
import type { PendingWork } from "./pending-work";

/**
 * Writes the records of `batches` into `out` (a csv-stringify stream being sent as an answer),
 * honouring back-pressure, then ends it; a read error destroys it. Stops as soon as `out` is
 * destroyed (the client went away) instead of waiting for a 'drain' that never comes. The
 * producer reads the database after the handler returned, so it is tracked in `pendingWork` and
 * shutdown waits for it before closing the database.
 */
export function produceCsv<T>(
  pendingWork: PendingWork,
  label: string,
  out: Writable,
  batches: AsyncIterable<T[]>,
  toRecord: (row: T) => unknown,
): void {
  const writable = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        out.off("drain", done);
        out.off("close", done);
        resolve();
      };
      out.once("drain", done);
      out.once("close", done);
    });
  const produce = async () => {
    try {
      for await (const batch of batches) {
        for (const row of batch) {
          if (out.destroyed) return;
          if (!out.write(toRecord(row))) await writable();
        }
      }
      if (!out.destroyed) out.end();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  };
  pendingWork.track(label, produce());
}
