import { DerivedFactStructureSchema } from "@content-studio/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { proofKeys } from "../../../lib/query-keys";

export const deriveFactStructure = (statement: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.post(
    "/api/proof/facts/derive-structure",
    DerivedFactStructureSchema,
    { statement },
    { signal },
  );

/** The derivation is a pure function of the statement, so it is cached like a read. */
export const deriveFactStructureQueryOptions = (statement: string) =>
  queryOptions({
    queryKey: proofKeys.derivedStructure(statement),
    queryFn: ({ signal }) => deriveFactStructure(statement, { signal }),
    staleTime: Infinity,
  });

/**
 * What the server reads from a statement: the figure's measure, kind and direction. Asks only
 * when `enabled` (a figure is entered and nobody has set the structure by hand).
 */
export const useDerivedFactStructure = (statement: string, enabled: boolean) =>
  useQuery({
    ...deriveFactStructureQueryOptions(statement),
    enabled: enabled && statement.trim().length > 0,
    placeholderData: keepPreviousData,
  });
