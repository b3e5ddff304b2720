import fs from "node:fs";
import type { AppContext } from "../../app-context";
import { claimSettingOnce } from "../settings/settings.repository";
import { ingestFromSettings } from "./examples.service";
import { recoverInterruptedJobs } from "./ingest.service";

/**
 * At start: on PGlite only this process can use the database, so any job still marked
 * running was cut off by a crash. On the very first start, ingest the sample repository
 * shipped in EXAMPLES_ROOT (once per database, whichever instance gets there first).
 */
export async function prepareExamplesOnStart(
  ctx: AppContext,
  log: (message: string) => void,
): Promise<void> {
  await recoverInterruptedJobs(ctx);
  if (!fs.existsSync(ctx.config.examplesRoot)) return;
  if (!(await claimSettingOnce(ctx.db, "seed.examples", { at: new Date().toISOString() }))) return;
  const job = await ingestFromSettings(ctx, null, {
    source: "local",
    path: ctx.config.examplesRoot,
  });
  log(`Ingesting the sample examples from ${ctx.config.examplesRoot} (job ${job.id}).`);
}
