import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/download";

/** Downloads the whole glossary as CSV. */
export const exportGlossary = async (): Promise<void> => {
  const { blob, fileName } = await api.download("/api/settings/glossary/export");
  saveBlob(blob, fileName);
};

export const useExportGlossary = () => useMutation({ mutationFn: exportGlossary });
