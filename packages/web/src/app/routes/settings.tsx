import { roleAtLeast, type User } from "@content-studio/contract";
import { useQueryClient } from "@tanstack/react-query";
import { AccountCard, useAccountForm } from "../../features/account/components/account-card";
import { AuditLogCard } from "../../features/audit/components/audit-log-card";
import { getSessionQueryOptions, useCurrentUser } from "../../features/auth/api/get-session";
import { CompanyProfileCard } from "../../features/reference/components/company-profile-card";
import { useCompanyProfileForm } from "../../features/reference/components/use-company-profile-form";
import { getCompanyCatalogQueryOptions } from "../../features/reference/api/get-company-catalog";
import { useUsers } from "../../features/users/api/get-users";
import { ExampleRepositoryCard } from "../../features/examples/components/example-repository-card";
import { GlossaryCard } from "../../features/glossary/components/glossary-card";
import {
  getGenerationSettingsQueryOptions,
  useGenerationSettings,
} from "../../features/content/api/get-generation-settings";
import {
  getAiServiceInfoQueryOptions,
  useAiServiceInfo,
} from "../../features/reference/api/get-ai-service-info";
import { SettingsPage } from "../../features/settings/components/settings-page";
import { SsoCard } from "../../features/sso/components/sso-card";
import { ApiTokensCard } from "../../features/tokens/components/api-tokens-card";
import { UsersCard } from "../../features/users/components/users-card";
import { WebhooksCard } from "../../features/webhooks/components/webhooks-card";
import { PublishingCard } from "../../features/publishing/components/publishing-card";

export function SettingsRoute() {
  const user = useCurrentUser();
  if (!user) return null;
  return <SignedInSettings user={user} />;
}

function SignedInSettings({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const aiServiceInfo = useAiServiceInfo();
  const generationSettings = useGenerationSettings();
  // Users and the audit log are whole admin screens with no record to carry a capability:
  // their visibility follows the session's role (the server refuses the calls anyway).
  const showsAdminCards = roleAtLeast(user.role, "admin");
  const account = useAccountForm(user, (saved) => {
    // The sidebar footer and the greeting show the name.
    queryClient.setQueryData(getSessionQueryOptions().queryKey, (previous) =>
      previous ? { ...previous, user: saved } : previous,
    );
  });
  const company = useCompanyProfileForm(() => {
    // The generator's checkboxes come from the catalogue.
    void queryClient.invalidateQueries({ queryKey: getCompanyCatalogQueryOptions().queryKey });
  });
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
      exampleRepositoryCard={<ExampleRepositoryCard />}
      accountCard={
        <div className="space-y-6">
          <AccountCard user={user} form={account} />
          <ApiTokensCard />
        </div>
      }
      companyProfileCard={<CompanyProfileCard form={company} canEdit={company.canEdit} />}
      glossaryCard={<GlossaryCard />}
      usersCard={showsAdminCards ? <UsersCard currentUserId={user.id} /> : null}
      webhooksCard={showsAdminCards ? <WebhooksCard /> : null}
      ssoCard={showsAdminCards ? <AdminSsoCard /> : null}
      publishingCard={showsAdminCards ? <PublishingCard /> : null}
      auditLogCard={showsAdminCards ? <AdminAuditLog /> : null}
      extraSections={[account.section, ...(company.canEdit ? [company.section] : [])]}
    />
  );
}

/** The audit log with everyone who has an account as the person filter. */
function AdminAuditLog() {
  const users = useUsers();
  const people = (users.data?.users ?? []).map((u) => ({
    id: u.id,
    label: `${u.name} (${u.email})`,
  }));
  return <AuditLogCard people={people} />;
}

/** Single sign-on with the active administrators as the break-glass choices. */
function AdminSsoCard() {
  const users = useUsers();
  const admins = (users.data?.users ?? [])
    .filter((u) => u.role === "admin" && u.active)
    .map((u) => ({ id: u.id, label: `${u.name} (${u.email})` }));
  return <SsoCard admins={admins} />;
}
