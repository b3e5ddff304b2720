// The generation brief the benches send (a VP of Engineering in aerospace, a technical guide):
// one request, so the benches measure the same work.

/** The fields every bench's generation request shares; each adds its own quality-check choice. */
export const GENERATION_BRIEF = {
  personaId: "vp-engineering",
  industryId: "aerospace",
  buyingStage: "consideration",
  contentTopic: "Should-cost analysis in aerospace design reviews",
  contentType: "technical-guide",
  keyMetricsToInclude: ["35-45% reduction in engineering change orders"],
  useBenchmarkExamples: true,
  autoRefine: false,
};
