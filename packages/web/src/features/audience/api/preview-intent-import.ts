import { ImportPreviewSchema, type ImportPreview } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Uploads a CSV for a preview; nothing is stored until it is confirmed. */
export const previewIntentImport = (file: File): Promise<ImportPreview> => {
  const form = new FormData();
  form.append("file", file, file.name);
  return api.post("/api/audience/imports/preview", ImportPreviewSchema, form);
};

export const usePreviewIntentImport = () => useMutation({ mutationFn: previewIntentImport });
