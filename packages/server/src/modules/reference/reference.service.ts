import {
  BuyingStageSchema,
  type BuyingStage,
  type CompanyCatalog,
  type Industry,
  type Persona,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import type { Database } from "../../db/types";
import { presentCompanyCatalog, presentIndustry, presentPersona } from "./reference.presenter";
import * as repo from "./reference.repository";

export async function listPersonas(db: Kysely<Database>): Promise<Persona[]> {
  return (await repo.listPersonaRows(db)).map(presentPersona);
}

export async function listIndustries(db: Kysely<Database>): Promise<Industry[]> {
  return (await repo.listIndustryRows(db)).map(presentIndustry);
}

export async function listBuyingStages(db: Kysely<Database>): Promise<BuyingStage[]> {
  return (await repo.listBuyingStageRows(db)).map((r) => BuyingStageSchema.parse(r.id));
}

export async function getCompanyCatalog(db: Kysely<Database>): Promise<CompanyCatalog> {
  return presentCompanyCatalog(await repo.loadCompanyCatalogRows(db));
}
