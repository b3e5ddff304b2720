import type { QualityCheckBody, QualityReport } from "@content-studio/contract";
import type { AppContext, EditorReviewRequest } from "../../app-context";
import { checkQuality } from "./quality.service";

/**
 * A quality check the user sees: the deterministic report, then the editor's review combined
 * into it when the app wires one in (`ctx.editorReview`, from the content module). The review
 * never fails the check: a failure is recorded in `report.review`.
 */
export async function checkQualityReviewed(
  ctx: AppContext,
  input: QualityCheckBody,
  options: Pick<EditorReviewRequest, "signal" | "log"> & { excludeLibraryIds?: string[] } = {},
): Promise<QualityReport> {
  const { excludeLibraryIds, ...review } = options;
  const report = await checkQuality(ctx, input, { excludeLibraryIds });
  return ctx.editorReview ? ctx.editorReview(ctx, { input, report, ...review }) : report;
}
