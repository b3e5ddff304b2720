import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { describeRetry } from "../../lib/rate-limit";
import { hitBucket } from "../../lib/rate-limit.repository";
import type { SessionUser } from "../../plugins/access";
import type { Writer } from "../ai/writer";

/** The window of the per-user limit on provider calls. */
export const GENERATION_WINDOW_SECONDS = 10 * 60;
/** The built-in writer costs no provider money, so it allows this many times more. */
export const BUILTIN_LIMIT_FACTOR = 5;

/**
 * Counts one provider-backed action (generate, optimize, repurpose, visualize) against the
 * user's budget, or refuses it with 429 and Retry-After. Provider and built-in calls are
 * counted in separate buckets, so offline drafting never eats the provider budget.
 */
export async function consumeGenerationBudget(
  ctx: AppContext,
  actor: Pick<SessionUser, "id">,
  writer: Pick<Writer, "provider">,
): Promise<void> {
  const builtin = writer.provider === "builtin";
  const limit = ctx.config.generationRateLimit * (builtin ? BUILTIN_LIMIT_FACTOR : 1);
  const key = `generation:${builtin ? "builtin" : "provider"}:${actor.id}`;
  const bucket = await hitBucket(ctx.db, key, GENERATION_WINDOW_SECONDS);
  if (bucket.count > limit) {
    throw new AppError(
      "rate_limited",
      `You have reached the limit of ${limit} AI requests per 10 minutes. Please try again ${describeRetry(bucket.resetInSeconds)}.`,
      undefined,
      bucket.resetInSeconds,
    );
  }
}
