import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/download";
import { briefPath } from "./get-brief";

/** Downloads the brief as CSV, one row per cell. */
export const exportBrief = async (id: string) => {
  const { blob, fileName } = await api.download(`${briefPath(id)}/export.csv`);
  saveBlob(blob, fileName);
  return fileName;
};

export const useExportBrief = () => useMutation({ mutationFn: exportBrief });
