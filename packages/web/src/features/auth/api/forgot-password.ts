import type { ForgotPasswordBody } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const forgotPassword = (body: ForgotPasswordBody): Promise<{ message: string }> =>
  api.post<{ message: string }>("/api/auth/forgot-password", body);

/** Asks for a reset link by email; the answer is the same whether or not the address exists. */
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
