// The library's webhook events that are not lifecycle steps: claims a check finds unsupported,
// and exports.
import { QualityReportSchema, type QualityReport } from "@content-studio/contract";
import type { Transaction } from "kysely";
import type { AppContext } from "../../app-context";
import type { Database } from "../../db/types";
import { emitWebhookEvent } from "../webhooks/webhooks.service";
import type * as repo from "./library.repository";

/** Claims that block approval: anything but supported, or a third-party figure with no fact. */
function unsupportedClaims(report: QualityReport | null): string[] {
  return (report?.claims ?? [])
    .filter((c) => c.status !== "supported" && c.status !== "unsourced")
    .map((c) => c.text);
}

/**
 * `claim.unsupported`, in the transaction that stores a new check of the item, when the check
 * finds a claim not supported that the stored check did not (so a re-check of unchanged text
 * does not repeat it).
 */
export async function emitUnsupportedClaims(
  ctx: Pick<AppContext, "config" | "jobEngine">,
  trx: Transaction<Database>,
  row: repo.LibraryItemRow,
  report: QualityReport,
): Promise<void> {
  const stored = QualityReportSchema.safeParse(row.quality_report);
  const before = new Set(unsupportedClaims(stored.success ? stored.data : null));
  const now = unsupportedClaims(report);
  if (!now.some((text) => !before.has(text))) return;
  await emitWebhookEvent(ctx, trx, {
    type: "claim.unsupported",
    data: { itemId: row.id, title: row.title, version: row.version, unsupportedClaims: now.length },
    path: `/library/${row.id}`,
  });
}

/** `content.exported`: an item was downloaded as a file (no row changes, so its own write). */
export async function emitExported(
  ctx: Pick<AppContext, "config" | "jobEngine" | "db">,
  row: repo.LibraryItemRow,
  format: string,
): Promise<void> {
  const subscribed = (trx: Transaction<Database>) =>
    emitWebhookEvent(ctx, trx, {
      type: "content.exported",
      data: { itemId: row.id, title: row.title, version: row.version, format },
      path: `/library/${row.id}`,
    });
  await ctx.db.transaction().execute(subscribed);
}
