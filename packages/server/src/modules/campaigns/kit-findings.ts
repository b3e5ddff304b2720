import type { KitAssetKind, KitFinding, KitLanguage } from "@content-studio/contract";
import type { AppContext } from "../../app-context";
import { findLibraryItem } from "../library/library-item.service";
import { loadBindingFacts } from "../proof/proof.service";
import { presentCompanyCatalog } from "../reference/reference.presenter";
import { loadCompanyCatalogRows } from "../reference/reference.repository";
import { htmlToText } from "../../lib/html";
import { loadGlossaryTerms } from "../glossary/glossary.service";
import { checkLanguage } from "../glossary/language-check";
import { checkKitCell } from "./kit-check";
import * as repo from "./kit.repository";
import type { KitBriefSnapshot } from "./kit.worker";

/**
 * The findings of one cell's finished assets: the kit check (the same figures, facts, offer
 * and product names across the cell's assets of each language).
 */
export async function checkKitAssets(
  ctx: AppContext,
  kit: repo.KitRow,
  steps: repo.KitStepRow[],
): Promise<Map<string, KitFinding[]>> {
  const written = steps.filter((s) => s.content_item_id);
  if (written.length === 0) return new Map();
  const brief = kit.brief as KitBriefSnapshot;
  const [facts, catalogRows, terms, items] = await Promise.all([
    loadBindingFacts(ctx),
    loadCompanyCatalogRows(ctx.db),
    loadGlossaryTerms(ctx.db),
    Promise.all(written.map((s) => findLibraryItem(ctx.db, s.content_item_id!))),
  ]);
  const catalog = presentCompanyCatalog(catalogRows);
  const chosen = new Set(brief.factIds);
  const first = written[0]!;
  const offerName = brief.offers[first.buying_stage];
  const profileOffers = catalog.offers.map((o) => ({ name: o.name, url: o.url }));
  const productNames = [
    ...new Set(catalog.solutions.flatMap((s) => [s.name, s.product ?? ""]).filter(Boolean)),
  ];
  const findings = checkKitCell({
    assets: written.flatMap((step, i) => {
      const item = items[i];
      if (!item) return [];
      return [
        {
          stepId: step.id,
          asset: step.asset as KitAssetKind,
          language: step.language as KitLanguage,
          text: {
            headline: item.headline,
            introduction: item.introduction,
            body: item.body,
            conclusion: item.conclusion,
          },
        },
      ];
    }),
    industryId: first.industry_id,
    facts: facts.filter((f) => chosen.has(f.id)),
    otherFacts: facts.filter((f) => !chosen.has(f.id)),
    offer: profileOffers.find((o) => o.name === offerName) ?? null,
    profileOffers,
    productNames,
  });
  // Each asset's language check: its language paragraph by paragraph, the glossary, and, for an
  // article, the figures of the brief's message it was written from. A short asset need not
  // repeat every figure of its article (the kit check holds its figures to the article).
  const paragraphsOf = (i: number) => {
    const item = items[i];
    if (!item) return [];
    const body = item.body
      .split(/<\/(?:p|li|h[1-6])>/i)
      .map((part) => htmlToText(part))
      .filter(Boolean);
    return [item.headline, item.introduction, ...body, item.conclusion].filter((p) => p.trim());
  };
  return new Map(
    written.map((step, i) => {
      const language = step.language as KitLanguage;
      const own = checkLanguage({
        locale: language,
        paragraphs: step.asset === "image-prompt" ? [] : paragraphsOf(i),
        terms,
        sourceText: step.asset === "article" ? brief.keyMessage : undefined,
        protectedTerms: [catalog.companyName, ...productNames],
      });
      return [step.id, [...(findings.get(step.id) ?? []), ...own]];
    }),
  );
}

/** The kit findings of a library item a kit wrote (they block its approval); null otherwise. */
export async function kitFindingsOf(
  ctx: Pick<AppContext, "db">,
  itemId: string,
): Promise<{ asset: string; language: string; messages: string[] } | null> {
  const step = await repo.findStepOfItem(ctx.db, itemId);
  if (!step) return null;
  return {
    asset: step.asset,
    language: step.language,
    messages: ((step.findings as KitFinding[]) ?? []).map((f) => f.message),
  };
}

/** The campaign (brief name) of a library item a kit wrote, for its links' utm_campaign; null otherwise. */
export function campaignOfItem(
  ctx: Pick<AppContext, "db">,
  itemId: string,
): Promise<string | null> {
  return repo.findCampaignNameOfItem(ctx.db, itemId);
}
