import { BUILTIN_WRITER_DESCRIPTION } from "@content-studio/contract";
import { useCurrentUser } from "../../features/auth/api/get-session";
import { DashboardPage } from "../../features/dashboard/components/dashboard-page";
import { useAiServiceInfo } from "../../features/reference/api/get-ai-service-info";

export function DashboardRoute() {
  const user = useCurrentUser();
  const ai = useAiServiceInfo();
  return (
    <DashboardPage
      userName={user?.name}
      provider={
        ai.data
          ? {
              label: ai.data.providerLabel,
              model: ai.data.model,
              description: ai.data.provider === "builtin" ? BUILTIN_WRITER_DESCRIPTION : null,
            }
          : undefined
      }
    />
  );
}
