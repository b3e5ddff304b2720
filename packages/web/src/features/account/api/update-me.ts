import { type UpdateMeBody, type User, UserSchema } from "@content-studio/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const updateMe = (body: UpdateMeBody): Promise<User> =>
  api.patch("/api/me", body, { schema: UserSchema });

/** Changes the signed-in user's own name; `onSaved` gets the stored user. */
export const useUpdateMe = (onSaved: (user: User) => void) =>
  useMutation({ mutationFn: updateMe, onSuccess: onSaved });
