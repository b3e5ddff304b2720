import { VisualizationSchema, type VisualizeBody } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const visualizeContent = ({ id, data }: { id: string; data: VisualizeBody }) =>
  api.post(`/api/library/${encodeURIComponent(id)}/visualize`, VisualizationSchema, data);

/** Makes an image for a content item from its (edited) image prompt. */
export const useVisualizeContent = () => useMutation({ mutationFn: visualizeContent });
