import { ContentVariationsSchema, type RepurposeBody } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const repurposeContent = ({ id, data }: { id: string; data: RepurposeBody }) =>
  api.post(`/api/library/${encodeURIComponent(id)}/repurpose`, ContentVariationsSchema, data);

/** Writes (and saves with the item) LinkedIn, X, email-subject and newsletter variations. */
export const useRepurposeContent = () => useMutation({ mutationFn: repurposeContent });
