import fs from "node:fs";
import type { AppContext } from "../../app-context";
import { claimSettingOnce } from "../settings/settings.repository";
import { ingestFromSettings } from "./examples.service";

/**
 * On the very first start, queue an ingest of the sample repository shipped in EXAMPLES_ROOT
 * (once per database, whichever instance gets there first). A run cut off by a crash needs
 * nothing here: the job engine runs its job again.
 */
export async function prepareExamplesOnStart(
  ctx: AppContext,
  log: (message: string) => void,
): Promise<void> {
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
