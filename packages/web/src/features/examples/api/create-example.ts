import {
  type ExampleDetail,
  type ExampleInput,
  ExampleDetailSchema,
} from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { exampleKeys } from "./query-keys";

export const createExample = (input: ExampleInput): Promise<ExampleDetail> =>
  api.post("/api/examples", input, { schema: ExampleDetailSchema });

/** Adds an example by hand (editors and admins); it joins the Local source. */
export const useCreateExample = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExample,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exampleKeys.lists }),
  });
};
