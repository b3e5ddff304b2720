import type { SignInBody, User } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getSessionQueryOptions } from "./get-session";

export const signIn = (body: SignInBody): Promise<{ user: User }> =>
  api.post<{ user: User }>("/api/auth/sign-in/email", body);

/** Signs in with email and password; on success the session holds the user. */
export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(getSessionQueryOptions().queryKey, { user, setupRequired: false });
    },
  });
};
