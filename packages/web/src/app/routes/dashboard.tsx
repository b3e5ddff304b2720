import { useCurrentUser } from "../../features/auth/api/get-session";
import { DashboardPage } from "../../features/dashboard/components/dashboard-page";

export function DashboardRoute() {
  const user = useCurrentUser();
  return <DashboardPage userName={user?.name} />;
}
