import {
  GlossaryImportErrorDetailsSchema,
  GlossaryImportResultSchema,
  type GlossaryImportResult,
  type GlossaryImportRowError,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import { glossaryKeys } from "../../../lib/query-keys";

/** Imports a CSV file's text; the server refuses the whole file when any row is wrong. */
export const importGlossary = (csv: string): Promise<GlossaryImportResult> =>
  api.post("/api/settings/glossary/import", GlossaryImportResultSchema, { csv });

/** The rows a refused import named, or none (another kind of failure). */
export function importRowErrors(error: unknown): GlossaryImportRowError[] {
  if (!(error instanceof ApiError)) return [];
  const details = GlossaryImportErrorDetailsSchema.safeParse(error.details);
  return details.success ? details.data.rows : [];
}

export const useImportGlossary = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importGlossary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: glossaryKeys.all }),
  });
};
