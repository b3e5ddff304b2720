import { EmptyAnswerSchema } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { clearCachedUiSettings } from "../../../lib/ui-settings-cache";
import { getSessionQueryOptions } from "./get-session";

export const signOut = () => api.post("/api/auth/sign-out", EmptyAnswerSchema);

/** Ends the session and forgets every cached answer of the previous user. */
export const useSignOut = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      const sessionKey = getSessionQueryOptions().queryKey;
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      queryClient.setQueryData(sessionKey, (previous) => ({
        ...previous,
        user: null,
        setupRequired: false,
        passwordChangeRequired: false,
      }));
      // The next visitor of this browser starts from the default look.
      clearCachedUiSettings();
    },
  });
};
