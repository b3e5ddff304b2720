import { EmptyAnswerSchema, type ChangePasswordBody } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const changePassword = (body: ChangePasswordBody) =>
  api.post("/api/me/password", EmptyAnswerSchema, body);

/** Changes the signed-in user's password; their other sessions are signed out. */
export const useChangePassword = (onChanged?: () => void) =>
  useMutation({ mutationFn: changePassword, onSuccess: () => onChanged?.() });
