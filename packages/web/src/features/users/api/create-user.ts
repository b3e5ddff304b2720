import { UserListRowSchema, type CreateUserBody } from "@content-studio/contract";
import { api } from "../../../lib/api-client";
import { useRefreshingMutation } from "../../../lib/react-query";
import { getUsersQueryOptions } from "./get-users";

export const createUser = (body: CreateUserBody) => api.post("/api/users", UserListRowSchema, body);

/** Creates an account with a role (admins only). */
export const useCreateUser = () =>
  useRefreshingMutation(createUser, getUsersQueryOptions().queryKey);
