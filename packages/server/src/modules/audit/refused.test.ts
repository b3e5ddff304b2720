import { describe, expect, it } from "vitest";
import { useTestAppAs } from "../../../test/helper";
import { insertTestItem } from "../../../test/support/library";

describe("refused actions are audited", () => {
  const [t, editor] = useTestAppAs(["editor"]);

  const refusals = () =>
    t.db
      .selectFrom("audit_log")
      .select(["actor_label", "target_type", "target_id", "target_label", "changes"])
      .where("action", "=", "request.refused")
      .orderBy("at")
      .execute();

  it("records a role refusal (403) and a state refusal (409) with who, what and why", async () => {
    const id = await insertTestItem(t.db, { quality: 0.9 });
    // An editor may not approve (the role), and may not submit an item already in review (the state).
    expect(
      (await editor.post(`/api/library/${id}/transitions`, { action: "submit" })).statusCode,
    ).toBe(200);
    const forbidden = await editor.post(`/api/library/${id}/transitions`, { action: "approve" });
    expect(forbidden.statusCode).toBe(403);
    const conflict = await editor.post(`/api/library/${id}/transitions`, { action: "submit" });
    expect(conflict.statusCode).toBe(409);
    // No user, no refusal entry (sign-in problems are audited by the auth module).
    expect(
      (await t.anonymous.post(`/api/library/${id}/transitions`, { action: "approve" })).statusCode,
    ).toBe(401);

    const rows = await refusals();
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        actor_label: expect.stringContaining("editor") as unknown,
        target_type: "route",
        target_id: "POST /api/library/:id/transitions",
        target_label: `/api/library/${id}/transitions`,
      });
    }
    expect(rows[0]!.changes).toMatchObject({ status: { to: 403 } });
    expect(rows[1]!.changes).toMatchObject({ status: { to: 409 } });
    expect(
      String((rows[1]!.changes as { reason: { to: string } }).reason.to).length,
    ).toBeGreaterThan(0);
  });
});
