import type { GlossaryTerm } from "@content-studio/contract";
import type { GlossaryTermRow } from "../../db/types";

export function presentGlossaryTerm(row: GlossaryTermRow): GlossaryTerm {
  return {
    id: row.id,
    concept: row.concept,
    locale: row.locale,
    term: row.term,
    status: row.status,
    caseSensitive: row.case_sensitive,
    ...(row.note ? { note: row.note } : {}),
  };
}
