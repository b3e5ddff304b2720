import { GeneratorPage } from "../../features/generator/components/generator-page";

export function GeneratorRoute() {
  return <GeneratorPage />;
}
