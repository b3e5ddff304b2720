import type { User } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const getUsers = ({ signal }: { signal?: AbortSignal } = {}): Promise<User[]> =>
  api.get<User[]>("/api/users", { signal });

export const getUsersQueryOptions = () =>
  queryOptions({ queryKey: ["users"], queryFn: ({ signal }) => getUsers({ signal }) });

/** Every account (admins only). */
export const useUsers = () => useQuery(getUsersQueryOptions());
