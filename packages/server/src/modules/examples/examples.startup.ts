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
  try {
    const job = await ingestFromSettings(ctx, null, {
      source: "local",
      path: ctx.config.examplesRoot,
    });
    log(`Ingesting the sample examples from ${ctx.config.examplesRoot} (job ${job.id}).`);
  } catch (error) {
    // A sample folder that cannot be read (EXAMPLES_ROOT is a file, say) must not stop the
    // server, which is already listening: say why and carry on.
    log(
      `The sample examples in ${ctx.config.examplesRoot} were not ingested: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
