import { ExampleDetailSchema, type ExampleInput } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { examplePath, getExampleQueryOptions } from "./get-example";
import { examplesKeys } from "../../../lib/query-keys";

export const updateExample = ({ id, input }: { id: string; input: ExampleInput }) =>
  api.put(examplePath(id), ExampleDetailSchema, input);

/** Replaces every field of an example (editors and admins). */
export const useUpdateExample = () =>
  useApiMutation(updateExample, {
    set: (example) => getExampleQueryOptions(example.id).queryKey,
    refresh: () => [examplesKeys.lists],
  });
