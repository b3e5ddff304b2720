import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/download";

/** Downloads every account to target for a content item as CSV. */
export const exportAccountsToTarget = async (id: string): Promise<string> => {
  const { blob, fileName } = await api.download(
    `/api/audience/content/${encodeURIComponent(id)}/accounts/export`,
  );
  saveBlob(blob, fileName);
  return fileName;
};

export const useExportAccountsToTarget = () => useMutation({ mutationFn: exportAccountsToTarget });
