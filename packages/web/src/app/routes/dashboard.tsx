import {
  BUYING_STAGES,
  CLOUD_SOURCE_NEEDS,
  cloudSourceProblem,
  usableRepositorySource,
} from "@content-studio/contract";
import { useCurrentUser } from "../../features/auth/api/get-session";
import { DashboardPage } from "../../features/dashboard/components/dashboard-page";
import { useExampleRepoSettings } from "../../features/examples/api/get-example-repo-settings";
import { useGenerationSettings } from "../../features/content/api/get-generation-settings";
import { useAiServiceInfo } from "../../features/reference/api/get-ai-service-info";
import { useBuyingStages } from "../../features/reference/api/get-buying-stages";
import { useIndustries } from "../../features/reference/api/get-industries";
import { usePersonas } from "../../features/reference/api/get-personas";

export function DashboardRoute() {
  const user = useCurrentUser();
  const ai = useAiServiceInfo();
  const generation = useGenerationSettings();
  const personas = usePersonas();
  const industries = useIndustries();
  const stages = useBuyingStages();
  const repo = useExampleRepoSettings().data;
  const cloudProblem = repo
    ? cloudSourceProblem(repo.cloudRepoUrl, repo.s3CredentialsConfigured)
    : null;
  return (
    <DashboardPage
      userName={user?.name}
      provider={ai.data ? { label: ai.data.providerLabel, model: ai.data.model } : undefined}
      personas={personas.data ?? []}
      industries={industries.data ?? []}
      buyingStages={stages.data ?? BUYING_STAGES}
      canGenerate={generation.data?.can.generate ?? false}
      examplesSource={repo ? usableRepositorySource(repo) : undefined}
      cloudNeeds={cloudProblem ? CLOUD_SOURCE_NEEDS[cloudProblem].short : null}
    />
  );
}
