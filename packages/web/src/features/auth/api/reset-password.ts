import { EmptyAnswerSchema, type ResetPasswordBody } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const resetPassword = (body: ResetPasswordBody) =>
  api.post("/api/auth/reset-password", EmptyAnswerSchema, body);

/** Sets a new password from a reset link (single use). */
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
