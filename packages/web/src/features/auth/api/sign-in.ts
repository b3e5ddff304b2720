import { SignInResultSchema, type SignInBody, type User } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getSessionQueryOptions } from "./get-session";

type SignInResult = { user: User; passwordChangeRequired?: boolean };

export const signIn = (body: SignInBody): Promise<SignInResult> =>
  api.post("/api/auth/sign-in/email", SignInResultSchema, body);

/** Signs in with email and password; on success the session holds the user. */
export const useSignIn = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user, passwordChangeRequired }) => {
      queryClient.setQueryData(getSessionQueryOptions().queryKey, (previous) => ({
        ...previous,
        user,
        setupRequired: false,
        passwordChangeRequired: passwordChangeRequired === true,
      }));
    },
  });
};
