import { PageHeader } from "../../../components/ui/page-header";

/** /generate: generates targeted content with the AI provider. */
export function GeneratorPage() {
  return <PageHeader title="Content Generator" />;
}
