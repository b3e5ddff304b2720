import {
  BUILTIN_WRITER_DESCRIPTION,
  BUYING_STAGES,
  type BuyingStage,
} from "@content-studio/contract";
import { useNavigate, useSearchParams } from "react-router";
import { useCurrentUser } from "../../features/auth/api/get-session";
import { GeneratorPage } from "../../features/generator/components/generator-page";
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
  const navigate = useNavigate();
  const [search] = useSearchParams();
  if (!user) return null;
  // A coverage-map cell links here with its persona, industry and buying stage.
  const stage = search.get("stage");
  return (
    <GeneratorPage
      user={user}
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
            }
          : undefined
      }
      initialValues={{
        personaId: search.get("persona") ?? "",
        industryId: search.get("industry") ?? "",
        buyingStage: BUYING_STAGES.includes(stage as BuyingStage) ? (stage as BuyingStage) : "",
      }}
      // A stored generation has a permanent address: the library opens it on its Optimize tab.
      onStored={(id) => void navigate(`/library/${id}`)}
    />
  );
}
