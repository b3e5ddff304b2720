import type { GeneratedContent } from "@content-studio/contract";
import type { Ref } from "react";
import { GeneratorTabPanel, type GeneratorTab } from "./generator-tabs";
import { OptimizePanel } from "./optimize-panel";
import { RepurposePanel } from "./repurpose-panel";
import { ResultHeader } from "./result-header";
import { VisualizePanel } from "./visualize-panel";

interface GeneratorResultPanelsProps {
  /** The result's heading, focused after a generation. */
  headingRef: Ref<HTMLHeadingElement>;
  result: GeneratedContent;
  tab: GeneratorTab;
  /** How many optimisations were kept since the generation. */
  revision: number;
  threshold: number;
  /** The primary keyword of the form, the optimisation's starting keyword. */
  initialKeyword: string;
  intentKeywords: string[];
  onKept: (next: GeneratedContent) => void;
  /** The stored item's permanent address (its library page), when the caller knows it. */
  itemPath?: string;
}

/** The result's header and its Optimize, Visualize and Repurpose panels (one shown at a time). */
export function GeneratorResultPanels({
  headingRef,
  result,
  tab,
  revision,
  threshold,
  initialKeyword,
  intentKeywords,
  onKept,
  itemPath,
}: GeneratorResultPanelsProps) {
  return (
    <>
      {tab === "generate" ? null : (
        <ResultHeader ref={headingRef} headline={result.content.headline} itemPath={itemPath} />
      )}
      <GeneratorTabPanel tab="optimize" active={tab}>
        <OptimizePanel
          key={result.contentItemId}
          result={result}
          revision={revision}
          threshold={threshold}
          initialKeyword={initialKeyword}
          intentKeywords={intentKeywords}
          onKept={onKept}
        />
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
