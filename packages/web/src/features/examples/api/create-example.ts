import {
  ExampleDetailSchema,
  type ExampleDetail,
  type ExampleInput,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { examplesKeys } from "../../../lib/query-keys";

export const createExample = (input: ExampleInput): Promise<ExampleDetail> =>
  api.post("/api/examples", ExampleDetailSchema, input);

/** Adds an example by hand (editors and admins); it joins the Local source. */
export const useCreateExample = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExample,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examplesKeys.lists }),
  });
};
