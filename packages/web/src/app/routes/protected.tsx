import { Navigate, Outlet, useLocation } from "react-router";
import { useCurrentUser } from "../../features/auth/api/get-session";
import { hashLinkTarget } from "../hash-links";
import { loginPathFor } from "../return-to";
import { AppShell } from "../shell/app-shell";
import { StartupGate } from "../startup-gate";

/** Every route but /login: requires a user, loads startup data, renders the shell. */
export function ProtectedRoute() {
  const user = useCurrentUser();
  const { pathname, search, hash } = useLocation();

  // Signed out: sign in first, then come back to the address that was opened.
  if (!user) return <Navigate to={loginPathFor(`${pathname}${search}${hash}`)} replace />;
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
