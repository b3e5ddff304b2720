import { SessionInfoSchema, type User } from "@content-studio/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { authKeys } from "../../../lib/query-keys";

export const getSession = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get("/api/session", SessionInfoSchema, { signal });

export const getSessionQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.session,
    queryFn: ({ signal }) => getSession({ signal }),
    staleTime: Infinity,
  });

/** Who is signed in, and whether first-run setup is still open. */
export const useSession = () => useQuery(getSessionQueryOptions());

/** The signed-in user, or null while signed out or still loading. */
export const useCurrentUser = (): User | null => useSession().data?.user ?? null;
