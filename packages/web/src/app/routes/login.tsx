import { Navigate } from "react-router";
import { useCurrentUser } from "../../features/auth/api/get-session";
import { LoginPage } from "../../features/auth/components/login-page";

/** /login; a signed-in visitor goes to the dashboard. */
export function LoginRoute() {
  const user = useCurrentUser();
  if (user) return <Navigate to="/" replace />;
  return <LoginPage />;
}
