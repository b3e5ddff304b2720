// The review lifecycle: submit, approve, reject, publish and unpublish, with approval bound to
// a version and its claims checked again against the facts as they are.
import { randomUUID } from "node:crypto";
import {
  QualityReportSchema,
  approvalBlockers,
  describeApprovalBlocker,
  type ApprovalBlocker,
  type ContentStatus,
  type LibraryItemDetail,
  type AuditAction,
  type TransitionBody,
  type WebhookEventType,
} from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { AppError } from "../../lib/app-error";
import type { SessionUser } from "../../plugins/access";
import { checkQuality } from "../quality/quality.service";
import { emitWebhookEvent } from "../webhooks/webhooks.service";
import { duplicateFamily } from "./library-index";
import * as repo from "./library.repository";
import {
  auditContent,
  authorize,
  checkRequest,
  getLibraryItem,
  libraryRules,
  loadItem,
  lockUnchanged,
  qualityThreshold,
} from "./library-item.service";

/**
 * Why approving or publishing the item would be refused now: its stored score against the
 * threshold, and its claims checked again against the facts as they are at this moment (a
 * fact retired or expired since the last check no longer supports anything).
 */
async function blockersNow(ctx: AppContext, row: repo.LibraryItemRow): Promise<ApprovalBlocker[]> {
  const [fresh, threshold, kit] = await Promise.all([
    // Deterministic: the claims are what matters here, and they need no model call.
    duplicateFamily(ctx, row.id).then((family) =>
      checkQuality(ctx, checkRequest(row, row), { excludeLibraryIds: family }),
    ),
    qualityThreshold(ctx.db),
    ctx.kitFindingsOf?.(ctx, row.id) ?? null,
  ]);
  const stored = QualityReportSchema.safeParse(row.quality_report);
  const report = stored.success ? { ...stored.data, claims: fresh.claims } : fresh;
  const blockers = approvalBlockers(row.quality_after, report, threshold);
  if (!kit) return blockers;
  // A kit's short assets and its articles in other languages are not articles in English, which
  // the quality score measures: their claims and the kit check's findings decide instead.
  const scored = kit.asset === "article" && kit.language === "en";
  return [
    ...(scored ? blockers : blockers.filter((b) => b.code === "claim_not_supported")),
    ...kit.messages.map((message) => ({ code: "kit_finding" as const, message })),
  ];
}

const TARGET: Record<TransitionBody["action"], ContentStatus> = {
  submit: "in_review",
  approve: "approved",
  reject: "draft",
  publish: "published",
  unpublish: "draft",
};

const EVENT_OF: Record<TransitionBody["action"], string> = {
  submit: "submitted",
  approve: "approved",
  reject: "rejected",
  publish: "published",
  unpublish: "unpublished",
};

/**
 * draft → in_review (submit) → approved (approve) → published (publish), and back to draft
 * (reject, unpublish). Approval is bound to the current version and refused, with the reasons,
 * while the score is below the threshold or a claim is not supported.
 */
export async function transitionLibraryItem(
  ctx: AppContext,
  actor: SessionUser,
  id: string,
  input: TransitionBody,
): Promise<LibraryItemDetail> {
  const [row, rules] = await Promise.all([loadItem(ctx.db, id), libraryRules(ctx.db)]);
  authorize(actor, input.action, row, rules);
  if (input.version !== undefined && input.version !== row.version) {
    throw new AppError(
      "conflict",
      `This changed since you opened it: version ${row.version} is now current. Reload it and review it again.`,
      { currentVersion: row.version },
    );
  }
  if (input.action === "approve" || input.action === "publish") {
    // Publication was approved with its score; what can have changed since is the facts.
    const blockers = (await blockersNow(ctx, row)).filter(
      (b) => input.action === "approve" || b.code === "claim_not_supported",
    );
    if (blockers.length > 0) {
      const what = input.action === "approve" ? "Approval" : "Publication";
      throw new AppError(
        "conflict",
        `${what} refused: ${blockers.map(describeApprovalBlocker).join(" ")}`,
        { blockers },
      );
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockUnchanged(trx, row);
    if (input.action === "publish" && locked.approved_version !== locked.version) {
      throw new AppError("conflict", "The approval does not cover the current version.");
    }
    const now = new Date();
    const to = TARGET[input.action];
    const approval =
      input.action === "approve"
        ? { approved_version: locked.version, approved_by: actor.id, approved_at: now }
        : to === "draft"
          ? { approved_version: null, approved_by: null, approved_at: null }
          : {};
    await repo.updateLibraryItem(trx, id, {
      status: to,
      updated_at: now,
      updated_by: actor.id,
      ...approval,
    });
    await repo.insertEvent(trx, {
      id: randomUUID(),
      content_item_id: id,
      kind: EVENT_OF[input.action],
      from_status: locked.status,
      to_status: to,
      version: locked.version,
      note: input.note || null,
      actor_id: actor.id,
      created_at: now,
    });
    const hook = WEBHOOK_OF[input.action];
    if (hook) {
      await emitWebhookEvent(ctx, trx, {
        type: hook,
        data: { itemId: id, title: row.title, version: locked.version, status: to },
        path: `/library/${id}`,
      });
    }
    const audited = AUDITED_TRANSITIONS[input.action];
    if (audited) {
      await auditContent(trx, actor, audited, row, { status: { from: locked.status, to } });
    }
  });
  return getLibraryItem(ctx, actor, id);
}

/** The webhook event of a lifecycle step, where there is one. */
const WEBHOOK_OF: Partial<Record<TransitionBody["action"], WebhookEventType>> = {
  submit: "content.submitted",
  approve: "content.approved",
  reject: "content.rejected",
  publish: "content.published",
};

/** The audit action of a lifecycle step, where the audit log records that step. */
const AUDITED_TRANSITIONS: Partial<Record<TransitionBody["action"], AuditAction>> = {
  submit: "content.submitted",
  approve: "content.approved",
  publish: "content.published",
};
