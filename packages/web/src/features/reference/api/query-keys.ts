/**
 * Every react-query key of this feature's data: its queries use them, and other features
 * invalidate this feature's data through them, never through a string of their own.
 */
export const referenceKeys = {
  aiServiceInfo: ["ai-service-info"] as const,
  buyingStages: ["reference", "buying-stages"] as const,
  companyCatalog: ["reference", "company-catalog"] as const,
  industries: ["reference", "industries"] as const,
  personas: ["reference", "personas"] as const,
};
