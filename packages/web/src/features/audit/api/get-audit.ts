import { AuditPageSchema, type AuditQuery } from "@content-studio/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { auditKeys } from "../../../lib/query-keys";

export const getAuditQueryOptions = (query: AuditQuery) =>
  apiQueryOptions(auditKeys.page(query), "/api/audit", AuditPageSchema, {
    params: { ...query },
    placeholderData: keepPreviousData,
  });

/** One page of the audit log (admins), newest first. */
export const useAudit = (query: AuditQuery) => useQuery(getAuditQueryOptions(query));
