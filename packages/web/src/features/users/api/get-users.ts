import { UserListSchema } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { usersKeys } from "../../../lib/query-keys";

export const getUsersQueryOptions = () =>
  apiQueryOptions(usersKeys.list, "/api/users", UserListSchema);

/** Every account with what the caller may do with each, and whether they may create one (admins only). */
export const useUsers = () => useQuery(getUsersQueryOptions());
