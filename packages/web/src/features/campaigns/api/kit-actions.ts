import { KitSchema, type Kit } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/react-query";
import { getKitQueryOptions, kitPath } from "./get-kit";

/** Stops a running kit; steps not yet written stay queued for Resume. */
export const cancelKit = (id: string) => api.post(`${kitPath(id)}/cancel`, KitSchema);

/** Runs a cancelled or failed kit's unfinished and failed steps again. */
export const resumeKit = (id: string) => api.post(`${kitPath(id)}/resume`, KitSchema);

/** Runs one failed step again. */
export const retryKitStep = ({ kitId, stepId }: { kitId: string; stepId: string }) =>
  api.post(`${kitPath(kitId)}/steps/${encodeURIComponent(stepId)}/retry`, KitSchema);

/** Applies a finding's suggested substitution to the step's library item (a new version). */
export const fixKitStep = ({
  kitId,
  stepId,
  fix,
}: {
  kitId: string;
  stepId: string;
  fix: { from: string; to: string };
}) => api.post(`${kitPath(kitId)}/steps/${encodeURIComponent(stepId)}/fix`, KitSchema, fix);

/** Each answers the kit as it now is, which replaces the cached one. */
const useKitMutation = <V>(mutationFn: (variables: V) => Promise<Kit>) =>
  useApiMutation(mutationFn, { set: (kit) => getKitQueryOptions(kit.id).queryKey });

export const useCancelKit = () => useKitMutation(cancelKit);
export const useResumeKit = () => useKitMutation(resumeKit);
export const useRetryKitStep = () => useKitMutation(retryKitStep);
export const useFixKitStep = () => useKitMutation(fixKitStep);
