import { ExampleDetailSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { examplesKeys } from "../../../lib/query-keys";

/** `/api/examples/:id`. */
export const examplePath = (id: string) => `/api/examples/${encodeURIComponent(id)}`;

export const getExampleQueryOptions = (id: string) =>
  apiQueryOptions(examplesKeys.detail(id), examplePath(id), ExampleDetailSchema);

/** One example with its sections; `bodyHtml` is sanitised by the server (and again on render). */
export const useExample = (id: string) => useQuery(getExampleQueryOptions(id));
