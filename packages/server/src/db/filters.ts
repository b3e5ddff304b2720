import { sql, type SelectQueryBuilder, type StringReference } from "kysely";

/**
 * Narrows a list query to the rows whose column equals each given filter value, in the order
 * given; a filter left empty (undefined, null or "") narrows nothing.
 */
export function whereEqualsEach<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  equals: Partial<Record<StringReference<DB, TB>, string | null | undefined>>,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  for (const [column, value] of Object.entries(equals)) {
    if (value) q = q.where(sql.ref(column), "=", value);
  }
  return q;
}
