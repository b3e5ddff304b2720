import { ForgotPasswordResultSchema, type ForgotPasswordBody } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const forgotPassword = (body: ForgotPasswordBody) =>
  api.post("/api/auth/forgot-password", ForgotPasswordResultSchema, body);

/** Asks for a reset link by email; the answer is the same whether or not the address exists. */
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
