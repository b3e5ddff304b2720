import { OptimizeContentResultSchema, type OptimizeContentBody } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const optimizeContent = ({ id, data }: { id: string; data: OptimizeContentBody }) =>
  api.post(`/api/library/${encodeURIComponent(id)}/optimize`, OptimizeContentResultSchema, data);

/** Runs one refinement round; the candidate is not saved until it is kept. */
export const useOptimizeContent = () => useMutation({ mutationFn: optimizeContent });
