import type { ContentExport, ItemExports, PublishingConnection } from "@content-studio/contract";
import { expect } from "vitest";
import type { Agent, TestApp } from "../helper";
import { buildContentItem, unique } from "./factories";
import { dataOf } from "./responses";

/** An item with links (one already tagged), submitted by `editor` and approved by `admin`. */
export async function buildApprovedItem(t: TestApp, editor: Agent, admin: Agent): Promise<string> {
  const id = await buildContentItem(t, {
    title: unique("Should-cost reviews"),
    body:
      '<h2>Why</h2><p>Cost is locked in during design. Read <a href="https://example.com/guide?x=1">the guide</a> ' +
      'and <a href="https://example.com/kept?utm_source=newsletter">the note</a>.</p>',
  });
  await transition(editor, id, "submit");
  await transition(admin, id, "approve");
  return id;
}

export async function transition(agent: Agent, id: string, action: string): Promise<void> {
  const note = action === "reject" ? { note: "Not this quarter." } : {};
  const res = await agent.post(`/api/library/${id}/transitions`, { action, ...note });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Lowers the organisation's quality threshold to 0.5, so that the short edit below (which
 * scores about 0.6) can be approved again: these tests are about exports, not the gate.
 */
export async function lowerQualityThreshold(admin: Agent): Promise<void> {
  const current = await admin.get("/api/settings/generation");
  const { can: _can, ...values } = current.json<{ data: Record<string, unknown> }>().data;
  const res = await admin.put("/api/settings/generation", { ...values, qualityThreshold: 0.5 });
  expect(res.statusCode, res.body).toBe(200);
}

/** Saves a new version (an approved item goes back to draft). */
export async function editItem(agent: Agent, id: string): Promise<void> {
  const res = await agent.put(`/api/library/${id}`, {
    headline: "Should-cost reviews that catch overruns early",
    introduction: "Cost problems surface after design freeze.",
    body: "<h2>Why</h2><p>Cost is locked in during design, so review it there.</p>",
    conclusion: "Download the checklist.",
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function addConnection(admin: Agent, body: unknown): Promise<PublishingConnection> {
  return dataOf(await admin.post("/api/publishing/connections", body), 201);
}

export async function testConnection(admin: Agent, id: string): Promise<PublishingConnection> {
  return dataOf(await admin.post(`/api/publishing/connections/${id}/test`));
}

export async function sendDraft(
  admin: Agent,
  itemId: string,
  connectionId: string,
  version: number,
) {
  return admin.post(`/api/publishing/items/${itemId}/exports`, { connectionId, version });
}

export async function exportsOf(agent: Agent, itemId: string): Promise<ItemExports> {
  return dataOf(await agent.get(`/api/publishing/items/${itemId}/exports`));
}

/** Polls the item's export to the connection until `done` holds (or fails after 20 s). */
export async function settledExport(
  agent: Agent,
  itemId: string,
  connectionId: string,
  done: (e: ContentExport) => boolean = (e) => e.status !== "pending",
): Promise<ContentExport> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = (await exportsOf(agent, itemId)).exports.find(
      (e) => e.connectionId === connectionId,
    );
    if (found && done(found)) return found;
    if (Date.now() > deadline) throw new Error(`export not settled: ${JSON.stringify(found)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
