import type { AudienceFilter } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/download";

/** Downloads the accounts of the current view as CSV. Resolves to the file name. */
export const exportAudience = async (industry: AudienceFilter): Promise<string> => {
  const { blob, fileName } = await api.download("/api/audience/export", { params: { industry } });
  saveBlob(blob, fileName);
  return fileName;
};

export const useExportAudience = () => useMutation({ mutationFn: exportAudience });
