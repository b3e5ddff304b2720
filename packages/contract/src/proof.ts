import { z } from "zod";

/**
 * The Proof Library: approved facts that claims in generated copy are bound to. Editors
 * propose facts, admins approve them; only approved facts that have not expired bind claims.
 */

export const FACT_STATUSES = ["proposed", "approved", "retired"] as const;
export const FactStatusSchema = z.enum(FACT_STATUSES);
export type FactStatus = z.infer<typeof FactStatusSchema>;

/** What a fact is about: the company as a whole, one solution, or one industry. */
export const FACT_SUBJECT_TYPES = ["company", "solution", "industry"] as const;
export const FactSubjectTypeSchema = z.enum(FACT_SUBJECT_TYPES);
export type FactSubjectType = z.infer<typeof FactSubjectTypeSchema>;

/** Units a quantitative fact can carry; null for a qualitative fact (a certification, a customer). */
export const FACT_UNITS = ["%", "USD", "EUR", "GBP", "x", "count"] as const;
export const FactUnitSchema = z.enum(FACT_UNITS);
export type FactUnit = z.infer<typeof FactUnitSchema>;

export const FACT_SUBJECT_TYPE_LABELS: Record<FactSubjectType, string> = {
  company: "Company",
  solution: "Solution",
  industry: "Industry",
};

export const FACT_STATUS_LABELS: Record<FactStatus, string> = {
  proposed: "Proposed",
  approved: "Approved",
  retired: "Retired",
};

/**
 * Which way a fact's figure goes: a rise, a fall, a share of a whole, or a level (an accuracy,
 * a count, a duration stated as it is).
 */
export const FACT_DIRECTIONS = ["increase", "reduction", "share", "level"] as const;
export const FactDirectionSchema = z.enum(FACT_DIRECTIONS);
export type FactDirection = z.infer<typeof FactDirectionSchema>;

export const FACT_DIRECTION_LABELS: Record<FactDirection, string> = {
  increase: "Increase",
  reduction: "Reduction",
  share: "Share",
  level: "Level",
};

/**
 * A fact as structure, so that a claim binds only when it says the same thing: what the figure
 * measures (`measure`, e.g. "engineering change orders"), which way it goes, and what kind of
 * quantity it is (`metric`, e.g. "cost", "time", "count", "accuracy"). The scope is the fact's
 * subject (company, solution or industry); value, range and unit are the fact's own fields.
 */
export const FactStructureSchema = z.object({
  measure: z.string().trim().min(2, "Say what the figure measures.").max(200),
  metric: z.string().trim().min(2).max(60),
  direction: FactDirectionSchema,
});
export type FactStructure = z.infer<typeof FactStructureSchema>;

/** The kinds of figure the Proof Library offers (a stored fact may carry another kind). */
export const FACT_METRIC_SUGGESTIONS = [
  "cost",
  "time",
  "count",
  "accuracy",
  "rate",
  "other",
] as const;

/** "Reduction · engineering change orders · count": a fact's structure in one line. */
export function describeFactStructure(structure: FactStructure): string {
  return `${FACT_DIRECTION_LABELS[structure.direction]} · ${structure.measure} · ${structure.metric}`;
}

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date as YYYY-MM-DD.");

/** The editable fields of a fact (propose and edit). */
export const FactInputSchema = z
  .object({
    /** The fact in one sentence, as a writer may state it. */
    statement: z.string().trim().min(5, "Statement is required.").max(500),
    /** The figure (the low end of a range), or null for a qualitative fact. */
    value: z.number().finite().nullable(),
    /** The high end of a range ("35-45%"), or null for a single figure. */
    valueMax: z.number().finite().nullable().default(null),
    unit: FactUnitSchema.nullable(),
    subjectType: FactSubjectTypeSchema,
    /** The solution or industry id when the subject is one; null for the company. */
    subjectId: z.string().trim().min(1).max(100).nullable().default(null),
    /** Where the evidence is: a document and location, or a URL. */
    source: z.string().trim().min(3, "Source is required.").max(500),
    /** Who answers for the fact. */
    owner: z.string().trim().min(1, "Owner is required.").max(200),
    /** The last day the fact may be used, or null when it does not expire. */
    expiresOn: IsoDate.nullable().default(null),
    /** A sample shipped with the product, to be replaced with real evidence. */
    isSample: z.boolean().default(false),
    /**
     * What the figure measures and which way it goes; derived from the statement when left
     * out (null for a qualitative fact).
     */
    structure: FactStructureSchema.nullable().optional(),
  })
  .superRefine((f, ctx) => {
    if ((f.value === null) !== (f.unit === null)) {
      ctx.addIssue({
        code: "custom",
        path: ["unit"],
        message: "A figure needs a unit, and a unit needs a figure.",
      });
    }
    if (f.valueMax !== null && (f.value === null || f.valueMax < f.value)) {
      ctx.addIssue({
        code: "custom",
        path: ["valueMax"],
        message: "The high end of a range must be at least the figure.",
      });
    }
    if (f.value === null && f.structure) {
      ctx.addIssue({
        code: "custom",
        path: ["structure"],
        message: "A qualitative fact has no structure: add a figure, or leave the structure out.",
      });
    }
    if ((f.subjectType === "company") !== (f.subjectId === null)) {
      ctx.addIssue({
        code: "custom",
        path: ["subjectId"],
        message: "Choose the solution or industry the fact is about (none for the company).",
      });
    }
  });
export type FactInput = z.infer<typeof FactInputSchema>;

export const FactSchema = z.object({
  id: z.string(),
  statement: z.string(),
  value: z.number().nullable(),
  valueMax: z.number().nullable(),
  unit: FactUnitSchema.nullable(),
  subjectType: FactSubjectTypeSchema,
  subjectId: z.string().nullable(),
  /** The solution or industry name, or the company name. */
  subjectLabel: z.string(),
  source: z.string(),
  owner: z.string(),
  status: FactStatusSchema,
  /** True when approved and past its expiry date: it no longer binds claims. */
  expired: z.boolean(),
  expiresOn: z.string().nullable(),
  isSample: z.boolean(),
  /** What the figure measures and which way it goes (null for a qualitative fact). */
  structure: FactStructureSchema.nullable(),
  proposedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What the caller may do with this fact. */
  can: z.object({
    edit: z.boolean(),
    approve: z.boolean(),
    expire: z.boolean(),
    retire: z.boolean(),
  }),
});
export type Fact = z.infer<typeof FactSchema>;

export const ListFactsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: FactStatusSchema.optional(),
});
export type ListFactsQuery = z.infer<typeof ListFactsQuerySchema>;

export const FactListSchema = z.object({
  facts: z.array(FactSchema),
  /** What the caller may do with the Proof Library: propose facts. */
  can: z.object({ propose: z.boolean() }),
});
export type FactList = z.infer<typeof FactListSchema>;

export const FactIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** A statement to derive a structure from, before the fact is saved. */
export const DeriveFactStructureInputSchema = z.object({
  statement: z.string().trim().min(1).max(500),
});
export type DeriveFactStructureInput = z.infer<typeof DeriveFactStructureInputSchema>;

/** The structure read from a statement: null when the statement states no figure. */
export const DerivedFactStructureSchema = z.object({ structure: FactStructureSchema.nullable() });
export type DerivedFactStructure = z.infer<typeof DerivedFactStructureSchema>;

/** A stored content item whose claims are bound to a fact. */
export const FactUsageSchema = z.object({
  contentItemId: z.string(),
  title: z.string(),
  createdAt: z.string(),
  /** The claims in that item bound to the fact. */
  claims: z.array(z.string()),
});
export type FactUsage = z.infer<typeof FactUsageSchema>;

/** The answer to approve, expire and retire: the fact and every stored item that uses it. */
export const FactChangeResultSchema = z.object({
  fact: FactSchema,
  usages: z.array(FactUsageSchema),
});
export type FactChangeResult = z.infer<typeof FactChangeResultSchema>;

/** An approved fact as writers receive it: numbered sources in the prompt. */
export const ApprovedFactSchema = z.object({
  id: z.string(),
  statement: z.string(),
  value: z.number().nullable(),
  unit: z.string().nullable(),
});
export type ApprovedFact = z.infer<typeof ApprovedFactSchema>;
