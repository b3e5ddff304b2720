import { PageHeader } from "../../../components/ui/page-header";

/** /target-audience: personas, industries and buying-journey insights. */
export function TargetAudiencePage() {
  return <PageHeader title="Target Audience Analysis" />;
}
