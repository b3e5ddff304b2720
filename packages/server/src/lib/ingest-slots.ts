import { AppError } from "./app-error";

/**
 * Heavy imports at once in one server process: example uploads being received and staged, and
 * intent CSV previews, each holding a file's worth of bytes or parsed rows. More than this many
 * would only compete for the same two cores and the database, so a further one is refused with
 * a 429 and tried again later. Example ingest runs themselves wait in the job engine's queue:
 * each process's ingest worker runs at most this many at once (examples/ingest.jobs.ts).
 */
export const MAX_RUNNING_INGESTS = 2;
/**
 * Intent CSV previews of one person at once: each parses a whole file in memory, and one
 * editor's parallel uploads cannot take every slot. (Example uploads have no per-person share:
 * an editor uploading two folders in a row keeps both.)
 */
export const MAX_PREVIEWS_PER_USER = 1;
export const RETRY_INGEST_SECONDS = 15;

interface Slots {
  used: number;
  byUser: Map<string, number>;
}

const slotsOf = new WeakMap<object, Slots>();

/**
 * Takes one of the process's ingest slots, or refuses with 429 and Retry-After. `perUser`
 * caps how many `userId` may hold at once (previews); `owner` is the app the slots belong to
 * (one set per app instance). Returns the release, which is safe to call more than once.
 */
export function reserveIngestSlot(
  owner: object,
  userId: string | null,
  perUser = Infinity,
): () => void {
  let slots = slotsOf.get(owner);
  if (!slots) slotsOf.set(owner, (slots = { used: 0, byUser: new Map() }));
  const refuse = (message: string) =>
    new AppError(
      "rate_limited",
      message,
      { retryAfterSeconds: RETRY_INGEST_SECONDS },
      RETRY_INGEST_SECONDS,
    );
  if (slots.used >= MAX_RUNNING_INGESTS) {
    throw refuse(
      `${MAX_RUNNING_INGESTS} ingests are already running. Please try again in a moment.`,
    );
  }
  const mine = userId === null ? 0 : (slots.byUser.get(userId) ?? 0);
  if (userId !== null && mine >= perUser) {
    throw refuse(
      "Your previous import or ingest is still running. Please try again when it has finished.",
    );
  }
  slots.used += 1;
  if (userId !== null) slots.byUser.set(userId, mine + 1);
  const held = slots;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.used -= 1;
    if (userId === null) return;
    const left = (held.byUser.get(userId) ?? 1) - 1;
    if (left > 0) held.byUser.set(userId, left);
    else held.byUser.delete(userId);
  };
}
