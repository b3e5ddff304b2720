import { Navigate, Outlet, useLocation } from "react-router";
import { useCurrentUser } from "../../features/auth/api/get-session";
import { hashLinkTarget } from "../hash-links";
import { AppShell } from "../shell/app-shell";
import { StartupGate } from "../startup-gate";

/** Every route but /login: requires a user, loads startup data, renders the shell. */
export function ProtectedRoute() {
  const user = useCurrentUser();
  const { pathname, hash } = useLocation();

  if (!user) return <Navigate to="/login" replace />;
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
