import type { GeneratedContent } from "@content-studio/contract";
import type { ComponentProps } from "react";
import {
  GeneratorPage,
  type GeneratorPageProps,
} from "../src/features/content/components/generator-page";
import { OptimizePanel } from "../src/features/content/components/optimize-panel";
import { aerospace, catalog, vpEngineering } from "./content-fixtures";
import { renderWithProviders } from "./render";

/** The generator page with the fixture persona, industry, stages and catalog. */
export function renderGeneratorPage(props: Partial<GeneratorPageProps> = {}) {
  return renderWithProviders(
    <GeneratorPage
      personas={[vpEngineering]}
      industries={[aerospace]}
      buyingStages={["awareness", "consideration", "decision"]}
      catalog={catalog}
      {...props}
    />,
  );
}

/** The Optimize tab for `result`: revision 0, threshold 0.7, no keyword chosen or suggested. */
export function renderOptimizePanel(
  result: GeneratedContent,
  props: Partial<ComponentProps<typeof OptimizePanel>> = {},
) {
  return renderWithProviders(
    <OptimizePanel
      result={result}
      revision={0}
      threshold={0.7}
      initialKeyword=""
      intentKeywords={[]}
      onKept={() => {}}
      {...props}
    />,
  );
}
