import { ExampleDetailSchema, type ExampleInput } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getExampleQueryOptions } from "./get-example";
import { examplesKeys } from "../../../lib/query-keys";

export const updateExample = ({ id, input }: { id: string; input: ExampleInput }) =>
  api.put(`/api/examples/${encodeURIComponent(id)}`, ExampleDetailSchema, input);

/** Replaces every field of an example (editors and admins). */
export const useUpdateExample = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExample,
    onSuccess: (example) => {
      queryClient.setQueryData(getExampleQueryOptions(example.id).queryKey, example);
      return queryClient.invalidateQueries({ queryKey: examplesKeys.lists });
    },
  });
};
