import { ExamplesPage } from "../../features/examples/components/examples-page";

export function ExamplesRoute() {
  return <ExamplesPage />;
}
