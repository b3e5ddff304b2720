import yauzl from "yauzl";
import type { CampaignBriefInput, Kit } from "@content-studio/contract";
import { expect } from "vitest";
import type { Agent } from "../helper";
import { briefInput } from "./factories";

/** A campaign brief (briefInput with `overrides`) saved by `agent`; its id. */
export async function postBrief(
  agent: Agent,
  overrides: Partial<CampaignBriefInput> = {},
): Promise<string> {
  const res = await agent.post("/api/campaigns", briefInput(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: string } }>().data.id;
}

/** A brief saved by `agent` (see postBrief) and its kit as started (its jobs run on). */
export async function startKit(
  agent: Agent,
  overrides: Partial<CampaignBriefInput> = {},
): Promise<{ briefId: string; kit: Kit }> {
  const briefId = await postBrief(agent, overrides);
  const started = await agent.post(`/api/campaigns/${briefId}/kits`);
  expect(started.statusCode, started.body).toBe(201);
  return { briefId, kit: started.json<{ data: Kit }>().data };
}

/** Polls the kit until `done` says so (its jobs run in the background). */
export async function waitForKit(
  agent: Agent,
  id: string,
  done: (kit: Kit) => boolean,
  timeoutMs = 60_000,
): Promise<Kit> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await agent.get(`/api/kits/${id}`);
    if (res.statusCode !== 200) throw new Error(`GET kit: ${res.statusCode} ${res.body}`);
    const kit = res.json<{ data: Kit }>().data;
    if (done(kit)) return kit;
    if (Date.now() > deadline) {
      const reasons = [...new Set(kit.steps.map((s) => s.reason).filter(Boolean))].slice(0, 3);
      throw new Error(`kit not done: ${JSON.stringify(kit.counts)} ${reasons.join(" | ")}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A kit started as startKit starts it, once all its steps are done; with its brief's id. */
export async function finishedKit(
  agent: Agent,
  overrides: Partial<CampaignBriefInput> = {},
  timeoutMs?: number,
): Promise<{ briefId: string; kit: Kit }> {
  const { briefId, kit } = await startKit(agent, overrides);
  return { briefId, kit: await waitForKit(agent, kit.id, (k) => k.status === "done", timeoutMs) };
}

/** The names of the entries of a ZIP (a kit's export). */
export function zipEntryNames(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error("no zip"));
      const names: string[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on("end", () => resolve(names));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}
