import type { Kysely, Transaction } from "kysely";
import type { Database } from "./types";

/** A company profile's lists: key metrics, solutions and offers, each in its shown order. */
export interface CompanyLists {
  keyMetrics: { id: string; label: string }[];
  solutions: { id: string; name: string; description: string; product: string }[];
  offers: { id: string; name: string; url: string; stages: string[] }[];
}

/**
 * Writes a company profile's lists into their (empty) tables, each row with its place in its
 * list. The first-run seed and an admin's save of the profile both write them here.
 */
export async function insertCompanyLists(
  db: Kysely<Database> | Transaction<Database>,
  lists: CompanyLists,
): Promise<void> {
  if (lists.keyMetrics.length > 0) {
    await db
      .insertInto("key_metric")
      .values(lists.keyMetrics.map((m, i) => ({ id: m.id, sort_order: i, label: m.label })))
      .execute();
  }
  if (lists.solutions.length > 0) {
    await db
      .insertInto("solution")
      .values(
        lists.solutions.map((s, i) => ({
          id: s.id,
          sort_order: i,
          name: s.name,
          description: s.description,
          product: s.product,
        })),
      )
      .execute();
  }
  if (lists.offers.length > 0) {
    await db
      .insertInto("offer")
      .values(
        lists.offers.map((o, i) => ({
          id: o.id,
          sort_order: i,
          name: o.name,
          url: o.url,
          stages: JSON.stringify(o.stages),
        })),
      )
      .execute();
  }
}
