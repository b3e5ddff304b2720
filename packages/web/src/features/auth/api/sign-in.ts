import { SignInResultSchema, type SignInBody } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getSessionQueryOptions } from "./get-session";

export const signIn = (body: SignInBody) =>
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
