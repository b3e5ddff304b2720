import type { BuyingStage } from "@content-studio/contract";

/** Reference data the route passes down (the examples feature does not load it itself). */
export interface ReferenceOptions {
  personas: readonly { id: string; title: string }[];
  industries: readonly { id: string; name: string }[];
}

export interface ExampleReferenceOptions extends ReferenceOptions {
  buyingStages: readonly BuyingStage[];
}

/** `consideration` → `Consideration`. */
export const stageLabel = (stage: string): string => stage.charAt(0).toUpperCase() + stage.slice(1);
