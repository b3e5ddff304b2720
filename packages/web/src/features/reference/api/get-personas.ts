import type { Persona } from "@content-studio/contract";
import { PersonaSchema, listOf } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getPersonas = ({ signal }: { signal?: AbortSignal } = {}): Promise<Persona[]> =>
  api.get("/api/personas", listOf(PersonaSchema), { signal });

export const getPersonasQueryOptions = () =>
  queryOptions({
    queryKey: ["reference", "personas"],
    queryFn: ({ signal }) => getPersonas({ signal }),
    staleTime: Infinity,
  });

/** The target personas (reference data, fixed for the life of the page). */
export const usePersonas = () => useQuery(getPersonasQueryOptions());
