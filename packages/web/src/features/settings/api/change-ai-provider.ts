import { AiServiceInfoResponseSchema } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export interface AiChoice {
  provider: string;
  model: string;
}

export const changeAiProvider = (choice: AiChoice) =>
  api.post("/api/change-ai-provider", AiServiceInfoResponseSchema, choice);

/**
 * Stores the provider and model generation uses (admins only). The caller refreshes the
 * provider info everyone reads (the sidebar footer) with the answer.
 */
export const useChangeAiProvider = () => useMutation({ mutationFn: changeAiProvider });
