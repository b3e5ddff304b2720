import {
  BUYING_STAGES,
  cellKeyOf,
  KIT_ASSET_KINDS,
  type BuyingStage,
  type CampaignBrief,
  type CampaignBriefInput,
  type CampaignCell,
  type ContentType,
  type KitAssetKind,
  type KitLanguage,
  type StageOffers,
} from "@content-studio/contract";
import type { GridOption } from "./cell-grid";
import type { FactOption } from "./fact-picker";

/** What a brief may refer to, loaded by the route. */
export interface BriefOptions {
  personas: GridOption[];
  industries: GridOption[];
  facts: FactOption[];
  factsLoading?: boolean;
  /** The company profile's offers with the stages each suits. */
  offers: { name: string; stages: readonly BuyingStage[] }[];
  /** People a brief may be given to; null when the caller may not assign owners. */
  owners: GridOption[] | null;
}

/** What the brief form edits: the input, with the cells as a set of keys. */
export interface BriefFormValues {
  name: string;
  objective: string;
  keyMessage: string;
  factIds: string[];
  offers: StageOffers;
  cellKeys: Set<string>;
  assets: KitAssetKind[];
  articleContentType: ContentType;
  languages: KitLanguage[];
  ownerId: string;
  dueDate: string;
}

export function initialValues(brief: CampaignBrief | undefined): BriefFormValues {
  if (!brief) {
    return {
      name: "",
      objective: "",
      keyMessage: "",
      factIds: [],
      offers: { awareness: null, consideration: null, decision: null },
      cellKeys: new Set(),
      assets: [...KIT_ASSET_KINDS],
      articleContentType: "thought-leadership",
      languages: ["en"],
      ownerId: "",
      dueDate: "",
    };
  }
  return {
    name: brief.name,
    objective: brief.objective,
    keyMessage: brief.keyMessage,
    factIds: [...brief.factIds],
    offers: { ...brief.offers },
    cellKeys: new Set(brief.cells.map(cellKeyOf)),
    assets: [...brief.assets],
    articleContentType: brief.articleContentType,
    languages: [...brief.languages],
    ownerId: brief.ownerId,
    dueDate: brief.dueDate ?? "",
  };
}

/**
 * The cells in grid order (persona, then industry, then stage); a chosen cell the grid no
 * longer shows (its persona or industry is gone) is kept at the end, for the server to name.
 */
export function cellsOf(
  keys: ReadonlySet<string>,
  personas: GridOption[],
  industries: GridOption[],
): CampaignCell[] {
  const cells: CampaignCell[] = [];
  const placed = new Set<string>();
  for (const p of personas) {
    for (const i of industries) {
      for (const buyingStage of BUYING_STAGES) {
        const cell = { personaId: p.id, industryId: i.id, buyingStage };
        const key = cellKeyOf(cell);
        if (keys.has(key)) {
          cells.push(cell);
          placed.add(key);
        }
      }
    }
  }
  for (const key of keys) {
    if (placed.has(key)) continue;
    const [personaId = "", industryId = "", stage = ""] = key.split("|");
    cells.push({ personaId, industryId, buyingStage: stage as BuyingStage });
  }
  return cells;
}

export function inputOf(
  values: BriefFormValues,
  grid: { personas: GridOption[]; industries: GridOption[] },
  withOwner: boolean,
): CampaignBriefInput {
  return {
    name: values.name,
    objective: values.objective,
    keyMessage: values.keyMessage,
    factIds: values.factIds,
    offers: values.offers,
    cells: cellsOf(values.cellKeys, grid.personas, grid.industries),
    assets: values.assets,
    articleContentType: values.articleContentType,
    languages: values.languages,
    ...(withOwner && values.ownerId ? { ownerId: values.ownerId } : {}),
    dueDate: values.dueDate || null,
  };
}
