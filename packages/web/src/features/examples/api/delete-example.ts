import { DeletedIdAnswerSchema } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { examplePath, getExampleQueryOptions } from "./get-example";
import { examplesKeys } from "../../../lib/query-keys";

export const deleteExample = (id: string) => api.delete(examplePath(id), DeletedIdAnswerSchema);

/** Deletes an example for good (editors and admins). */
export const useDeleteExample = () =>
  useApiMutation(deleteExample, {
    remove: ({ id }) => getExampleQueryOptions(id).queryKey,
    refresh: () => [examplesKeys.lists],
  });
