import type { ContentItem, GeneratedContent } from "@content-studio/contract";
import { useState } from "react";
import { resultFromContentItem } from "../utils/result-from-item";
import { OptimizePanel } from "./optimize-panel";
import { RepurposePanel } from "./repurpose-panel";
import { VisualizePanel } from "./visualize-panel";

export type ResultView = "optimize" | "visualize" | "repurpose";

interface ResultViewsProps {
  view: ResultView;
  /** The stored item (refetched by the caller after a change). */
  item: ContentItem & { version?: number };
  threshold: number;
  /** A kept optimisation saved a new version. */
  onChanged: () => void;
}

/** The generator's result views for a stored item (its permanent address in the library). */
export function ResultViews({ view, item, threshold, onChanged }: ResultViewsProps) {
  // A kept optimisation shows at once, until the refetched item (a new version) replaces it.
  const [kept, setKept] = useState<{ version: number; result: GeneratedContent } | null>(null);
  const version = item.version ?? 0;
  const result =
    kept && kept.version === version ? kept.result : resultFromContentItem(item, threshold);
  // What the caller may do comes with the item (the server's policy), never from their role.
  // Pictures and variations are saved with the item: reopening it shows them.
  if (view === "visualize") return <VisualizePanel result={result} saved={item.visualization} />;
  if (view === "repurpose")
    return (
      <RepurposePanel
        contentItemId={item.id}
        canRepurpose={item.can.repurpose}
        saved={item.repurposed}
      />
    );
  return (
    <OptimizePanel
      // A new version remounts the panel with the saved text.
      key={`${item.id}:${version}`}
      result={result}
      revision={version}
      threshold={threshold}
      initialKeyword={item.primaryKeyword ?? ""}
      intentKeywords={[]}
      onKept={(next) => {
        setKept({ version, result: next });
        onChanged();
      }}
    />
  );
}
