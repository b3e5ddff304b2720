import {
  KIT_ASSET_KINDS,
  KIT_ASSET_LABELS,
  KIT_LANGUAGE_LABELS,
  KIT_LANGUAGES,
  type BuyingStage,
  type Kit,
  type KitAssetKind,
  type KitLanguage,
  type KitStep,
  type KitStepStatus,
} from "@content-studio/contract";

/** An id and the name people know it by (personas, industries). */
export interface NamedOption {
  id: string;
  name: string;
}

/** The reference names a kit view shows instead of ids. */
export interface KitNames {
  personas: readonly NamedOption[];
  industries: readonly NamedOption[];
}

export const stageLabel = (stage: BuyingStage) => stage[0]!.toUpperCase() + stage.slice(1);

/** One matrix column: an asset, in one language when the kit has several. */
export interface KitColumn {
  key: string;
  asset: KitAssetKind;
  language: KitLanguage;
  label: string;
}

/** One matrix row: a cell and its steps by column key. */
export interface KitRow {
  cellKey: string;
  label: string;
  buyingStage: BuyingStage;
  steps: Map<string, KitStep>;
}

export const columnKeyOf = (step: Pick<KitStep, "asset" | "language">) =>
  `${step.asset}|${step.language}`;

/** The kit's languages in the contract's order. */
export const languagesOf = (kit: Kit): KitLanguage[] => {
  const used = new Set(kit.steps.map((s) => s.language));
  return KIT_LANGUAGES.filter((l) => used.has(l));
};

/** Asset-by-language columns in the contract's order; the language is named when several. */
export function columnsOf(kit: Kit): KitColumn[] {
  const used = new Set(kit.steps.map(columnKeyOf));
  const several = languagesOf(kit).length > 1;
  return KIT_ASSET_KINDS.flatMap((asset) =>
    KIT_LANGUAGES.filter((language) => used.has(columnKeyOf({ asset, language }))).map(
      (language) => ({
        key: columnKeyOf({ asset, language }),
        asset,
        language,
        label: several
          ? `${KIT_ASSET_LABELS[asset]} (${KIT_LANGUAGE_LABELS[language]})`
          : KIT_ASSET_LABELS[asset],
      }),
    ),
  );
}

const nameOf = (options: readonly NamedOption[], id: string) =>
  options.find((o) => o.id === id)?.name ?? id;

/** "CTO · Aerospace · Awareness"; ids stand in for names the reference data lacks. */
export const cellLabelOf = (step: KitStep, names: KitNames) =>
  [
    nameOf(names.personas, step.personaId),
    nameOf(names.industries, step.industryId),
    stageLabel(step.buyingStage),
  ].join(" · ");

/** The kit's cells in the order the server lists their steps. */
export function rowsOf(kit: Kit, names: KitNames): KitRow[] {
  const rows = new Map<string, KitRow>();
  for (const step of kit.steps) {
    let row = rows.get(step.cellKey);
    if (!row) {
      row = {
        cellKey: step.cellKey,
        label: cellLabelOf(step, names),
        buyingStage: step.buyingStage,
        steps: new Map(),
      };
      rows.set(step.cellKey, row);
    }
    row.steps.set(columnKeyOf(step), step);
  }
  return [...rows.values()];
}

export const countOf = (kit: Kit, status: KitStepStatus) => kit.counts[status] ?? 0;

/** Steps that will not change any more (done, failed or skipped). */
export const finishedCountOf = (kit: Kit) =>
  countOf(kit, "done") + countOf(kit, "failed") + countOf(kit, "skipped");

/** "45 s", "2 min 10 s", "1 h 5 min". */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** "about 3 min left"; "less than a minute left" under a minute. */
export function formatEstimate(ms: number): string {
  if (ms < 60_000) return "less than a minute left";
  const minutes = Math.round(ms / 60_000);
  return minutes < 60
    ? `about ${minutes} min left`
    : `about ${formatDuration(minutes * 60_000)} left`;
}

/** What the live region says about the kit: nothing chatty while it runs. */
export function kitAnnouncement(kit: Kit): string {
  const tally = `${countOf(kit, "done")} done, ${countOf(kit, "failed")} failed`;
  const skipped = countOf(kit, "skipped");
  const rest = skipped ? `, ${skipped} skipped` : "";
  switch (kit.status) {
    case "running":
      return "Kit running.";
    case "done":
      return `Kit finished: ${tally}${rest}.`;
    case "failed":
      return `Kit stopped with failures: ${tally}${rest}.`;
    case "cancelled":
      return `Kit cancelled: ${tally}${rest}.`;
  }
}
