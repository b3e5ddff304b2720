import {
  BUILTIN_WRITER_DESCRIPTION,
  BUYING_STAGES,
  BuyingStageSchema,
} from "@content-studio/contract";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "../../features/auth/api/get-session";
import { GeneratorPage } from "../../features/content/components/generator-page";
import { useAiServiceInfo } from "../../features/reference/api/get-ai-service-info";
import { useBuyingStages } from "../../features/reference/api/get-buying-stages";
import { useCompanyCatalog } from "../../features/reference/api/get-company-catalog";
import { useIndustries } from "../../features/reference/api/get-industries";
import { usePersonas } from "../../features/reference/api/get-personas";

export function GeneratorRoute() {
  const user = useCurrentUser();
  const personas = usePersonas();
  const industries = useIndustries();
  const buyingStages = useBuyingStages();
  const catalog = useCompanyCatalog();
  const ai = useAiServiceInfo();
  const [search] = useSearchParams();
  if (!user) return null;
  // A content gap links here with ?persona=&industry=&stage=&topic=&keyword= (all optional).
  const stage = BuyingStageSchema.safeParse(search.get("stage"));
  const initialValues = {
    personaId: search.get("persona")?.slice(0, 100) ?? "",
    industryId: search.get("industry")?.slice(0, 100) ?? "",
    buyingStage: stage.success ? stage.data : ("" as const),
    contentTopic: search.get("topic")?.slice(0, 500) ?? "",
    primaryKeyword: search.get("keyword")?.slice(0, 100) ?? "",
  };
  return (
    <GeneratorPage
      personas={personas.data ?? []}
      industries={industries.data ?? []}
      buyingStages={buyingStages.data ?? BUYING_STAGES}
      catalog={catalog.data}
      catalogFailed={catalog.isError}
      writer={
        ai.data
          ? {
              label: ai.data.providerLabel,
              description: ai.data.provider === "builtin" ? BUILTIN_WRITER_DESCRIPTION : null,
              offline: ai.data.provider === "builtin",
            }
          : undefined
      }
      initialValues={initialValues}
      // The result stays here in the generator's tabs; the stored item's permanent address is
      // its library page, which the result links to.
      itemPath={(id) => `/library/${id}`}
    />
  );
}
