import { useQueryClient } from "@tanstack/react-query";
import { Navigate, Outlet, useLocation } from "react-router";
import { ForcedPasswordChange } from "../../features/account/components/forced-password-change";
import { getSessionQueryOptions, useSession } from "../../features/auth/api/get-session";
import { useSignOut } from "../../features/auth/api/sign-out";
import { hashLinkTarget } from "../hash-links";
import { loginPathFor } from "../return-to";
import { AppShell } from "../shell/app-shell";
import { StartupGate } from "../startup-gate";

/** Every route but /login: requires a user, loads startup data, renders the shell. */
export function ProtectedRoute() {
  const { data: session } = useSession();
  const user = session?.user ?? null;
  const { pathname, search, hash } = useLocation();
  const queryClient = useQueryClient();
  const signOut = useSignOut();

  // Signed out: sign in first, then come back to the address that was opened.
  if (!user) return <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />;
  if (session?.passwordChangeRequired) {
    return (
      <ForcedPasswordChange
        email={user.email}
        onChanged={() => {
          queryClient.setQueryData(getSessionQueryOptions().queryKey, (previous) =>
            previous ? { ...previous, passwordChangeRequired: false } : previous,
          );
        }}
        onSignOut={() => signOut.mutate()}
      />
    );
  }
  const hashTarget = hashLinkTarget(pathname, hash);
  if (hashTarget) return <Navigate to={hashTarget} replace />;

  return (
    <StartupGate>
      <AppShell user={user}>
        <Outlet />
      </AppShell>
    </StartupGate>
  );
}
