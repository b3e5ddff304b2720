import { DeletedAnswerSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { glossaryKeys } from "../../../lib/query-keys";

export const deleteGlossaryTerm = (id: string) =>
  api.delete(`/api/settings/glossary/${encodeURIComponent(id)}`, DeletedAnswerSchema);

export const useDeleteGlossaryTerm = () =>
  useRefreshingMutation(deleteGlossaryTerm, glossaryKeys.all);
