import type { ExportFormat } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/download";
import { libraryPath } from "./get-library-item";

/** Downloads the item as Markdown, HTML or DOCX (built on the server). */
export const exportLibraryItem = async ({ id, format }: { id: string; format: ExportFormat }) => {
  const { blob, fileName } = await api.download(`${libraryPath(id)}/export`, {
    params: { format },
  });
  saveBlob(blob, fileName);
  return fileName;
};

export const useExportLibraryItem = () => useMutation({ mutationFn: exportLibraryItem });
