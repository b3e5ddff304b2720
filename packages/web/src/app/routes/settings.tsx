import { useQueryClient } from "@tanstack/react-query";
import { useCurrentUser } from "../../features/auth/api/get-session";
import { ExampleRepositoryCard } from "../../features/examples/components/example-repository-card";
import {
  getGenerationSettingsQueryOptions,
  useGenerationSettings,
} from "../../features/generator/api/get-generation-settings";
import {
  getAiServiceInfoQueryOptions,
  useAiServiceInfo,
} from "../../features/reference/api/get-ai-service-info";
import { SettingsPage } from "../../features/settings/components/settings-page";
import { UsersCard } from "../../features/users/components/users-card";

export function SettingsRoute() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const aiServiceInfo = useAiServiceInfo();
  const generationSettings = useGenerationSettings();
  if (!user) return null;
  return (
    <SettingsPage
      user={user}
      aiServiceInfo={aiServiceInfo}
      onAiServiceInfoChanged={(info) => {
        // Everything that shows the provider (the sidebar footer, the dashboard) follows at
        // once; the refetch confirms what the server now resolves.
        const { queryKey } = getAiServiceInfoQueryOptions();
        queryClient.setQueryData(queryKey, info);
        void queryClient.invalidateQueries({ queryKey });
      }}
      generationSettings={generationSettings}
      onGenerationSettingsSaved={(settings) => {
        // The generator takes its option defaults and thresholds from this query.
        queryClient.setQueryData(getGenerationSettingsQueryOptions().queryKey, settings);
      }}
      usersCard={<UsersCard currentUserId={user.id} />}
      exampleRepositoryCard={<ExampleRepositoryCard role={user.role} />}
    />
  );
}
