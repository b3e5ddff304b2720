import { useCurrentUser } from "../../features/auth/api/get-session";
import { ExampleRepositoryCard } from "../../features/examples/components/example-repository-card";
import { SettingsPage } from "../../features/settings/components/settings-page";
import { UsersCard } from "../../features/users/components/users-card";

export function SettingsRoute() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <SettingsPage
      role={user.role}
      usersCard={<UsersCard currentUserId={user.id} />}
      exampleRepositoryCard={<ExampleRepositoryCard role={user.role} />}
    />
  );
}
