import type { FactStructure, FactUnit } from "@content-studio/contract";

/** An approved fact as the quality check binds claims to it (expired ones flagged). */
export interface BindingFact {
  id: string;
  statement: string;
  value: number | null;
  valueMax: number | null;
  unit: FactUnit | null;
  subjectType: "company" | "solution" | "industry";
  subjectId: string | null;
  /** Past its expiry date: it no longer binds, and claims that rely on it are "expired". */
  expired: boolean;
  expiresOn: string | null;
  /**
   * What the figure measures and which way it goes (stored, else derived from the statement;
   * null for a qualitative fact): a claim binds only when it says the same thing. Always set by
   * `loadBindingFacts`; optional only so facts written out by hand elsewhere still type-check.
   */
  structure?: FactStructure | null;
}
