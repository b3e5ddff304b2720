import { UserListRowSchema, type UpdateUserBody } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getUsersQueryOptions } from "./get-users";

export const updateUser = ({ id, data }: { id: string; data: UpdateUserBody }) =>
  api.patch(`/api/users/${encodeURIComponent(id)}`, UserListRowSchema, data);

/** Changes a user's role, name or active flag (admins only). */
export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(getUsersQueryOptions().queryKey, (list) =>
        list ? { ...list, users: list.users.map((u) => (u.id === user.id ? user : u)) } : list,
      );
    },
  });
};
