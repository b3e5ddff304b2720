import { UserSchema, type UpdateMeBody, type User } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const updateMe = (body: UpdateMeBody) => api.patch("/api/me", UserSchema, body);

/** Changes the signed-in user's own name; `onSaved` gets the stored user. */
export const useUpdateMe = (onSaved: (user: User) => void) =>
  useMutation({ mutationFn: updateMe, onSuccess: onSaved });
