import { SignInResultSchema, type SetupAdminBody } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api-client";
import { getSessionQueryOptions } from "./get-session";

export const setupAdmin = (body: SetupAdminBody) =>
  api.post("/api/setup/admin", SignInResultSchema, body);

/** Creates the first administrator on a fresh install and signs them in. */
export const useSetupAdmin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setupAdmin,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(getSessionQueryOptions().queryKey, { user, setupRequired: false });
    },
    onError: async (error) => {
      // Someone else finished setup first: reload the session so the sign-in form shows.
      if (error instanceof ApiError && error.code === "already_set_up") {
        await queryClient.invalidateQueries({ queryKey: getSessionQueryOptions().queryKey });
      }
    },
  });
};
