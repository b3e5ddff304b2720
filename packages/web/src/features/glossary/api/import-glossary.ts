import {
  GlossaryImportErrorDetailsSchema,
  GlossaryImportResultSchema,
  type GlossaryImportRowError,
} from "@content-studio/contract";
import { ApiError, api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { glossaryKeys } from "../../../lib/query-keys";

/** Imports a CSV file's text; the server refuses the whole file when any row is wrong. */
export const importGlossary = (csv: string) =>
  api.post("/api/settings/glossary/import", GlossaryImportResultSchema, { csv });

/** The rows a refused import named, or none (another kind of failure). */
export function importRowErrors(error: unknown): GlossaryImportRowError[] {
  if (!(error instanceof ApiError)) return [];
  const details = GlossaryImportErrorDetailsSchema.safeParse(error.details);
  return details.success ? details.data.rows : [];
}

export const useImportGlossary = () => useRefreshingMutation(importGlossary, glossaryKeys.all);
