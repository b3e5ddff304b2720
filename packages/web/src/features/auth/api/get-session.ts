import { SessionInfoSchema, type User } from "@content-studio/contract";
import { useQuery } from "@tanstack/react-query";
import { apiQueryOptions } from "../../../lib/react-query";
import { authKeys } from "../../../lib/query-keys";

export const getSessionQueryOptions = () =>
  apiQueryOptions(authKeys.session, "/api/session", SessionInfoSchema, { staleTime: Infinity });

/** Who is signed in, and whether first-run setup is still open. */
export const useSession = () => useQuery(getSessionQueryOptions());

/** The signed-in user, or null while signed out or still loading. */
export const useCurrentUser = (): User | null => useSession().data?.user ?? null;
