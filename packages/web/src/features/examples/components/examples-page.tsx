import { PageHeader } from "../../../components/ui/page-header";

/** /examples: good and bad benchmark examples. */
export function ExamplesPage() {
  return <PageHeader title="Example Repository" />;
}
