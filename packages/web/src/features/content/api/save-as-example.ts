import { ExampleDetailSchema, type SaveAsExampleBody } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { examplesKeys } from "../../../lib/query-keys";

export const saveAsExample = ({ id, data }: { id: string; data: SaveAsExampleBody }) =>
  api.post(`/api/library/${encodeURIComponent(id)}/save-as-example`, ExampleDetailSchema, data);

/** Stores a generated content item in the example repository as a good or bad example. */
export const useSaveAsExample = () =>
  // The example list (another screen) must show the new example next time it is opened.
  useRefreshingMutation(saveAsExample, examplesKeys.all);
