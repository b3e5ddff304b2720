import { listOf, PersonaSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { referenceKeys } from "../../../lib/query-keys";

export const getPersonas = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/personas", listOf(PersonaSchema), { signal });

export const getPersonasQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.personas,
    queryFn: ({ signal }) => getPersonas({ signal }),
    staleTime: Infinity,
  });

/** The target personas (reference data, fixed for the life of the page). */
export const usePersonas = () => useQuery(getPersonasQueryOptions());
