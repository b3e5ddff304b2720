import {
  GenerationSettingsResponseSchema,
  type GenerationSettings,
} from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const updateGenerationSettings = (settings: GenerationSettings) =>
  api.put("/api/settings/generation", GenerationSettingsResponseSchema, settings);

/**
 * Saves the organisation's generation defaults and thresholds (admins only). The caller puts
 * the answer into the generator's cached settings.
 */
export const useUpdateGenerationSettings = () =>
  useMutation({ mutationFn: updateGenerationSettings });
