import { UserListRowSchema, type CreateUserBody, type UserListRow } from "@content-studio/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { getUsersQueryOptions } from "./get-users";

export const createUser = (body: CreateUserBody): Promise<UserListRow> =>
  api.post("/api/users", UserListRowSchema, body);

/** Creates an account with a role (admins only). */
export const useCreateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getUsersQueryOptions().queryKey }),
  });
};
