import { BUYING_STAGES } from "@content-studio/contract";
import { useCurrentUser } from "../../features/auth/api/get-session";
import { ExamplesPage } from "../../features/examples/components/examples-page";
import { useBuyingStages } from "../../features/reference/api/get-buying-stages";
import { useIndustries } from "../../features/reference/api/get-industries";
import { usePersonas } from "../../features/reference/api/get-personas";

export function ExamplesRoute() {
  const user = useCurrentUser();
  const personas = usePersonas();
  const industries = useIndustries();
  const buyingStages = useBuyingStages();
  if (!user) return null;
  return (
    <ExamplesPage
      personas={personas.data ?? []}
      industries={industries.data ?? []}
      buyingStages={buyingStages.data ?? BUYING_STAGES}
    />
  );
}
