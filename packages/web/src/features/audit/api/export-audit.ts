import type { AuditQuery } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/download";

/** Downloads every entry matching the filters as CSV. */
export const exportAudit = async (query: AuditQuery): Promise<void> => {
  const { page: _page, ...filters } = query;
  const { blob, fileName } = await api.download("/api/audit/export", { params: { ...filters } });
  saveBlob(blob, fileName);
};

export const useExportAudit = () => useMutation({ mutationFn: exportAudit });
