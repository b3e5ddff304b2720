import type { TestApp } from "../helper";

/** The audit log's entries about a target, oldest first: action, actor label and changes. */
export function auditTrail(t: TestApp, targetId: string) {
  return t.db
    .selectFrom("audit_log")
    .select(["action", "actor_label", "changes"])
    .where("target_id", "=", targetId)
    .orderBy("at")
    .execute();
}

/** The audit log's actions about a target, oldest first. */
export async function auditActions(t: TestApp, targetId: string): Promise<string[]> {
  return (await auditTrail(t, targetId)).map((r) => r.action);
}
