import { ExampleDetailSchema, type ExampleInput } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { examplesKeys } from "../../../lib/query-keys";

export const createExample = (input: ExampleInput) =>
  api.post("/api/examples", ExampleDetailSchema, input);

/** Adds an example by hand (editors and admins); it joins the Local source. */
export const useCreateExample = () => useRefreshingMutation(createExample, examplesKeys.lists);
