import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/download";
import { examplePath } from "./get-example";

/** Downloads the example as a markdown file named by the server. Resolves to the file name. */
export const exportExample = async (id: string): Promise<string> => {
  const { blob, fileName } = await api.download(`${examplePath(id)}/export`);
  saveBlob(blob, fileName);
  return fileName;
};

/** Export one example as markdown (any signed-in user). */
export const useExportExample = () => useMutation({ mutationFn: exportExample });
