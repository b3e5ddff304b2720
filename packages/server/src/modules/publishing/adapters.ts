import type { PublishingTarget } from "@content-studio/contract";
import { hubspotAdapter } from "./hubspot.adapter";
import type { PublishingAdapter } from "./target";
import { webflowAdapter } from "./webflow.adapter";
import { wordpressAdapter } from "./wordpress.adapter";

const ADAPTERS: Record<PublishingTarget, PublishingAdapter> = {
  wordpress: wordpressAdapter,
  hubspot: hubspotAdapter,
  webflow: webflowAdapter,
};

export const adapterOf = (target: PublishingTarget): PublishingAdapter => ADAPTERS[target];
