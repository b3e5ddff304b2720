import { TargetAudiencePage } from "../../features/audience/components/target-audience-page";
import { useIndustries } from "../../features/reference/api/get-industries";
import { usePersonas } from "../../features/reference/api/get-personas";

export function TargetAudienceRoute() {
  const personas = usePersonas();
  const industries = useIndustries();
  return <TargetAudiencePage personas={personas.data ?? []} industries={industries.data ?? []} />;
}
