import { listOf, PersonaSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { referenceKeys } from "../../../lib/query-keys";

export const getPersonasQueryOptions = () =>
  apiQueryOptions(referenceKeys.personas, "/api/personas", listOf(PersonaSchema), {
    staleTime: Infinity,
  });

/** The target personas (reference data, fixed for the life of the page). */
export const usePersonas = () => useQuery(getPersonasQueryOptions());
