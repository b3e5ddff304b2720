import { UserListSchema } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { usersKeys } from "../../../lib/query-keys";

export const getUsers = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/users", UserListSchema, { signal });

export const getUsersQueryOptions = () =>
  queryOptions({ queryKey: usersKeys.list, queryFn: ({ signal }) => getUsers({ signal }) });

/** Every account with what the caller may do with each, and whether they may create one (admins only). */
export const useUsers = () => useQuery(getUsersQueryOptions());
