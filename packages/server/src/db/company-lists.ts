import { insertInOrder, type Db } from "./queries";

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
export async function insertCompanyLists(db: Db, lists: CompanyLists): Promise<void> {
  await insertInOrder(db, "key_metric", lists.keyMetrics, (m) => ({ id: m.id, label: m.label }));
  await insertInOrder(db, "solution", lists.solutions, (s) => ({
    id: s.id,
    name: s.name,
    description: s.description,
    product: s.product,
  }));
  await insertInOrder(db, "offer", lists.offers, (o) => ({
    id: o.id,
    name: o.name,
    url: o.url,
    stages: JSON.stringify(o.stages),
  }));
}
