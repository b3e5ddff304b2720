import { AuditPageSchema, type AuditQuery } from "@content-studio/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { auditKeys } from "../../../lib/query-keys";

export const getAudit = (query: AuditQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/audit", AuditPageSchema, { params: { ...query }, signal });

export const getAuditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.page(query),
    queryFn: ({ signal }) => getAudit(query, { signal }),
    placeholderData: keepPreviousData,
  });

/** One page of the audit log (admins), newest first. */
export const useAudit = (query: AuditQuery) => useQuery(getAuditQueryOptions(query));
