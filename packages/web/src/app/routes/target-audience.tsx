import { TargetAudiencePage } from "../../features/target-audience/components/target-audience-page";

export function TargetAudienceRoute() {
  return <TargetAudiencePage />;
}
