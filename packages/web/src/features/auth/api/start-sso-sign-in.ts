import { SsoSignInStartSchema } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const startSsoSignIn = () => api.post("/api/auth/sign-in/sso", SsoSignInStartSchema, {});

/** Starts single sign-on: the browser then goes to the identity provider. */
export const useStartSsoSignIn = () =>
  useMutation({
    mutationFn: startSsoSignIn,
    onSuccess: ({ url }) => window.location.assign(url),
  });
