import { Navigate, useLocation } from "react-router";
import { useCurrentUser } from "../../features/auth/api/get-session";
import { LoginPage } from "../../features/auth/components/login-page";
import { returnToTarget } from "../return-to";

/** /login; a signed-in visitor goes to `?next=` (a path on this site) or the dashboard. */
export function LoginRoute() {
  const user = useCurrentUser();
  const { search } = useLocation();
  if (user) return <Navigate to={returnToTarget(search)} replace />;
  return <LoginPage />;
}
