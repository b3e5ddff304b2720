import type { Ref } from "react";
import { GeneratorTabPanel, type GeneratorTab } from "./generator-tabs";
import { OptimizePanel, type OptimizePanelProps } from "./optimize-panel";
import { RepurposePanel } from "./repurpose-panel";
import { ResultHeader } from "./result-header";
import { VisualizePanel } from "./visualize-panel";

interface GeneratorResultPanelsProps {
  /** The result's heading, focused after a generation. */
  headingRef: Ref<HTMLHeadingElement>;
  tab: GeneratorTab;
  /** What the Optimize panel shows: the result, its revision and the keywords to start from. */
  optimize: OptimizePanelProps;
  /** The stored item's permanent address (its library page), when the caller knows it. */
  itemPath?: string;
}

/** The result's header and its Optimize, Visualize and Repurpose panels (one shown at a time). */
export function GeneratorResultPanels({
  headingRef,
  tab,
  optimize,
  itemPath,
}: GeneratorResultPanelsProps) {
  const { result } = optimize;
  return (
    <>
      {tab === "generate" ? null : (
        <ResultHeader ref={headingRef} headline={result.content.headline} itemPath={itemPath} />
      )}
      <GeneratorTabPanel tab="optimize" active={tab}>
        <OptimizePanel key={result.contentItemId} {...optimize} />
      </GeneratorTabPanel>
      <GeneratorTabPanel tab="visualize" active={tab}>
        <VisualizePanel key={result.contentItemId} result={result} />
      </GeneratorTabPanel>
      <GeneratorTabPanel tab="repurpose" active={tab}>
        <RepurposePanel
          key={result.contentItemId}
          contentItemId={result.contentItemId}
          canRepurpose={result.can.repurpose}
        />
      </GeneratorTabPanel>
    </>
  );
}
