import type {
  AiServiceInfoResponse,
  GenerationSettingsResponse,
  User,
} from "@content-studio/contract";
import type { ReactNode } from "react";
import { PageHeader } from "../../../components/ui/page-header";
import { useBannedPhrases } from "../api/get-banned-phrases";
import type { SavableSection } from "../hooks/save-outcome";
import { useAiProviderForm } from "../hooks/use-ai-provider-form";
import { useGenerationForm } from "../hooks/use-generation-form";
import { useUiSettingsForm } from "../hooks/use-ui-settings-form";
import { AiProviderCard } from "./ai-provider-card";
import { GenerationDefaultsCard } from "./generation-defaults-card";
import { SaveAllBar } from "./save-all-bar";
import { SettingsSections, type SettingsSection } from "./settings-sections";
import { UiSettingsCard } from "./ui-settings-card";

/** Server data another feature loads and this screen shows (a TanStack Query result fits). */
interface Loadable<T> {
  data: T | undefined;
  isPending: boolean;
  error: Error | null;
}

interface SettingsPageProps {
  user: User;
  /** The AI provider in use and every provider the server offers. */
  aiServiceInfo: Loadable<AiServiceInfoResponse>;
  /** Called with the server's answer after the provider changed (refresh what shows it). */
  onAiServiceInfoChanged: (info: AiServiceInfoResponse) => void;
  /** The organisation's generation defaults (the generator reads them too). */
  generationSettings: Loadable<GenerationSettingsResponse>;
  /** Called with the stored defaults after they were saved. */
  onGenerationSettingsSaved: (settings: GenerationSettingsResponse) => void;
  /** User management (the route passes it to admins only). */
  usersCard?: ReactNode;
  /** Example Repository; every role sees it, the card itself limits editing. */
  exampleRepositoryCard?: ReactNode;
  /** "Your account": name and password. */
  accountCard?: ReactNode;
  /** The company profile (everyone sees it; admins edit it). */
  companyProfileCard?: ReactNode;
  /** The glossary (everyone sees it; admins manage it). */
  glossaryCard?: ReactNode;
  /** Webhook endpoints (the route passes it to admins only). */
  webhooksCard?: ReactNode;
  /** Single sign-on (the route passes it to admins only). */
  ssoCard?: ReactNode;
  /** Publishing connections (the route passes it to admins only). */
  publishingCard?: ReactNode;
  /** The audit log (the route passes it to admins only). */
  auditLogCard?: ReactNode;
  /** Other features' cards that 'Save All Settings' saves too (only those the caller may save). */
  extraSections?: SavableSection[];
}

/**
 * /settings: AI Provider Settings, Content Generation Defaults, Example Repository and UI
 * Settings, plus Users for admins, and 'Save All Settings' for every card with unsaved changes
 * the user may save (admins: all of them; everyone else: their UI settings). A list of the
 * cards that follows the scroll leads to each of them.
 */
export function SettingsPage({
  user,
  aiServiceInfo,
  onAiServiceInfoChanged,
  generationSettings,
  onGenerationSettingsSaved,
  usersCard,
  exampleRepositoryCard,
  accountCard,
  companyProfileCard,
  glossaryCard,
  webhooksCard,
  ssoCard,
  publishingCard,
  auditLogCard,
  extraSections = [],
}: SettingsPageProps) {
  const bannedPhrases = useBannedPhrases();
  // What the caller may change comes with each answer (the server's policies).
  const canChangeAi = aiServiceInfo.data?.can.change ?? false;
  const canEditGeneration =
    (generationSettings.data?.can.edit ?? false) && (bannedPhrases.data?.can.edit ?? false);
  const ai = useAiProviderForm(aiServiceInfo.data, onAiServiceInfoChanged);
  const generation = useGenerationForm(
    generationSettings.data,
    bannedPhrases.data?.phrases,
    onGenerationSettingsSaved,
  );
  const ui = useUiSettingsForm(user.id);

  const savable: SavableSection[] = [
    ...(canChangeAi ? [{ label: "AI provider settings", dirty: ai.dirty, save: ai.save }] : []),
    ...(canEditGeneration
      ? [{ label: "content generation defaults", dirty: generation.dirty, save: generation.save }]
      : []),
    { label: "UI settings", dirty: ui.dirty, save: ui.save },
    ...extraSections,
  ];

  // Every card, in order, with the name the section list gives it (the card's own title).
  const cards: (SettingsSection | null)[] = [
    accountCard ? { id: "settings-account", label: "Your account", content: accountCard } : null,
    {
      id: "settings-ai-provider",
      label: "AI Provider Settings",
      content: (
        <AiProviderCard
          info={aiServiceInfo.data}
          loading={aiServiceInfo.isPending}
          loadError={aiServiceInfo.error}
          form={ai}
          canEdit={canChangeAi}
        />
      ),
    },
    {
      id: "settings-generation",
      label: "Content Generation Defaults",
      content: (
        <GenerationDefaultsCard
          loading={generationSettings.isPending || bannedPhrases.isPending}
          loadError={generationSettings.error ?? bannedPhrases.error}
          form={generation}
          canEdit={canEditGeneration}
        />
      ),
    },
    companyProfileCard
      ? { id: "settings-company", label: "Company Profile", content: companyProfileCard }
      : null,
    glossaryCard ? { id: "settings-glossary", label: "Glossary", content: glossaryCard } : null,
    exampleRepositoryCard
      ? { id: "settings-examples", label: "Example Repository", content: exampleRepositoryCard }
      : null,
    { id: "settings-ui", label: "UI Settings", content: <UiSettingsCard form={ui} /> },
    usersCard ? { id: "settings-users", label: "Users", content: usersCard } : null,
    webhooksCard ? { id: "settings-webhooks", label: "Webhooks", content: webhooksCard } : null,
    ssoCard ? { id: "settings-sso", label: "Single sign-on", content: ssoCard } : null,
    publishingCard
      ? { id: "settings-publishing", label: "Publishing", content: publishingCard }
      : null,
    auditLogCard ? { id: "settings-audit", label: "Audit Log", content: auditLogCard } : null,
  ];

  return (
    <>
      <PageHeader title="Settings" />
      <SettingsSections
        sections={cards.filter((c) => c !== null)}
        footer={<SaveAllBar sections={savable} />}
      />
    </>
  );
}
