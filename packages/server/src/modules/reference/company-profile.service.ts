import {
  type AuditChange,
  type CompanyProfile,
  type CompanyProfileResponse,
  type SaveCompanyProfileBody,
} from "@content-studio/contract";
import { SaveCompanyProfileBodySchema } from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";
import type { SessionUser } from "../../plugins/access";
import { auditActorOf, recordChangesIfAny } from "../audit/audit.service";
import { getBannedPhraseList, writeBannedPhraseList } from "../settings/banned-phrases";
import { referencePolicy } from "./reference.policy";
import { isSampleProfile, presentCompanyCatalog, presentCompanyVoice } from "./reference.presenter";
import { loadCompanyCatalogRows, replaceCompanyProfile } from "./reference.repository";

/** The stored profile and whether it is still the first-run sample. */
export type StoredCompanyProfile = CompanyProfile & { isSample: boolean };

/**
 * The company profile: the catalogue the generator offers (solutions, key metrics), the offers
 * calls to action may point to, the company voice, and the banned phrases. The banned phrases
 * stay in the one setting the quality check and the writers already read, so there is one
 * source.
 */
export async function getCompanyProfile(
  db: Kysely<Database> | Transaction<Database>,
): Promise<StoredCompanyProfile> {
  const [rows, bannedPhrases] = await Promise.all([
    loadCompanyCatalogRows(db),
    getBannedPhraseList(db),
  ]);
  const catalog = presentCompanyCatalog(rows);
  return {
    companyName: catalog.companyName,
    description: catalog.description,
    solutions: catalog.solutions.map(({ name, description, product }) => ({
      name,
      description,
      product,
    })),
    keyMetrics: catalog.keyMetrics.map(({ label }) => ({ label })),
    offers: catalog.offers,
    bannedPhrases,
    voice: presentCompanyVoice(rows),
    isSample: isSampleProfile(rows),
  };
}

/** A stable id from a name: the existing one when the name is unchanged, else a new slug. */
function idsFor<T>(
  items: T[],
  name: (item: T) => string,
  existing: { id: string; name: string }[],
  prefix: string,
): (T & { id: string })[] {
  const byName = new Map(existing.map((e) => [e.name.toLowerCase(), e.id]));
  const used = new Set<string>();
  return items.map((item, index) => {
    let id = byName.get(name(item).toLowerCase());
    if (!id || used.has(id)) {
      const slug = name(item)
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "")
        .slice(0, 40);
      id = `${prefix}-${slug || index + 1}`;
      while (used.has(id)) id = `${id}-${index + 1}`;
    }
    used.add(id);
    return { ...item, id };
  });
}

/** The profile as answered to `actor`, with whether they may edit it. */
export async function readCompanyProfile(
  db: Kysely<Database>,
  actor: SessionUser,
): Promise<CompanyProfileResponse> {
  const profile = await getCompanyProfile(db);
  return { ...profile, can: { edit: referencePolicy.capabilities(actor).editCompanyProfile } };
}

/**
 * Saves the whole profile in one transaction, with one audit entry naming what changed. The
 * first save also ends the sample (recorded as `isSample` in the entry). Admins only.
 */
export async function saveCompanyProfile(
  db: Kysely<Database>,
  actor: SessionUser,
  raw: SaveCompanyProfileBody,
): Promise<CompanyProfileResponse> {
  referencePolicy.authorize(actor, "editCompanyProfile");
  const input = SaveCompanyProfileBodySchema.parse(raw);
  await db.transaction().execute(async (trx) => {
    const rows = await loadCompanyCatalogRows(trx);
    const before = await getCompanyProfile(trx);
    await replaceCompanyProfile(trx, {
      companyName: input.companyName,
      description: input.description,
      voice: input.voice,
      keyMetrics: idsFor(
        input.keyMetrics,
        (m) => m.label,
        rows.keyMetrics.map((m) => ({ id: m.id, name: m.label })),
        "metric",
      ),
      solutions: idsFor(input.solutions, (s) => s.name, rows.solutions, "solution"),
      offers: idsFor(input.offers, (o) => o.name, rows.offers, "offer"),
    });
    if (input.bannedPhrases !== undefined) {
      await writeBannedPhraseList(trx, input.bannedPhrases, actor.id);
    }
    const changes: Record<string, AuditChange> = {};
    for (const key of Object.keys(input) as (keyof CompanyProfile)[]) {
      if (input[key] === undefined) continue;
      if (JSON.stringify(before[key]) !== JSON.stringify(input[key])) {
        changes[key] = { from: before[key], to: input[key] };
      }
    }
    if (before.isSample) changes.isSample = { from: true, to: false };
    await recordChangesIfAny(trx, {
      actor: auditActorOf(actor),
      action: "company.profile_changed",
      target: { type: "company_profile", id: "1", label: input.companyName },
      changes,
    });
  });
  return readCompanyProfile(db, actor);
}
