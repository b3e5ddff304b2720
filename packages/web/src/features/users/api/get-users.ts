import { type UserList, UserListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { userKeys } from "./query-keys";

export const getUsers = ({ signal }: { signal?: AbortSignal } = {}): Promise<UserList> =>
  api.get("/api/users", { schema: UserListSchema, signal });

export const getUsersQueryOptions = () =>
  queryOptions({ queryKey: userKeys.all, queryFn: ({ signal }) => getUsers({ signal }) });

/** Every account with what the caller may do with each, and whether they may create one (admins only). */
export const useUsers = () => useQuery(getUsersQueryOptions());
