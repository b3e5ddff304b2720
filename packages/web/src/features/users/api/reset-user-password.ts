import {
  AdminPasswordResetResultSchema,
  type AdminPasswordResetBody,
} from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const resetUserPassword = ({ id, data }: { id: string; data: AdminPasswordResetBody }) =>
  api.post(
    `/api/users/${encodeURIComponent(id)}/password-reset`,
    AdminPasswordResetResultSchema,
    data,
  );

/** Admins: a temporary password (changed at next sign-in) or a one-time link (shown once). */
export const useResetUserPassword = () => useMutation({ mutationFn: resetUserPassword });
