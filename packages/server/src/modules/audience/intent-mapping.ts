import type { AccountIndustry, BuyingStage } from "@content-studio/contract";

const normalise = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, " ")
    .trim();

/** Words that place an industry from an export onto ours (checked in this order). */
const INDUSTRY_HINTS: { id: Exclude<AccountIndustry, "other">; words: string[] }[] = [
  {
    id: "aerospace",
    words: ["aerospace", "aviation", "aircraft", "airline", "defense", "defence", "space"],
  },
  {
    id: "automotive",
    words: ["automotive", "auto", "autos", "automobile", "automobiles", "vehicle", "vehicles"],
  },
  {
    id: "high-tech",
    words: [
      "high tech",
      "hightech",
      "technology",
      "electronics",
      "electronic",
      "semiconductor",
      "semiconductors",
      "computer",
      "hardware",
      "telecommunications",
    ],
  },
  {
    id: "industrial",
    words: [
      "industrial",
      "industrials",
      "machinery",
      "manufacturing",
      "equipment",
      "heavy",
      "engineering",
    ],
  },
];

const EXACT_INDUSTRIES: Record<string, Exclude<AccountIndustry, "other">> = {
  aerospace: "aerospace",
  automotive: "automotive",
  "high tech": "high-tech",
  industrial: "industrial",
};

/**
 * Our industry for an export's industry label: exact when it names ours, else the first of ours
 * whose hint words it contains, else "other". `exact` is false whenever it was mapped.
 */
export function mapIndustry(raw: string): { id: AccountIndustry; exact: boolean } {
  const value = normalise(raw);
  const exact = EXACT_INDUSTRIES[value];
  if (exact) return { id: exact, exact: true };
  const words = ` ${value} `;
  for (const hint of INDUSTRY_HINTS) {
    if (hint.words.some((w) => words.includes(` ${w} `))) return { id: hint.id, exact: false };
  }
  return { id: "other", exact: false };
}

/** Stage names of our template and of 6sense (Target … Purchase) onto our three stages. */
const STAGES: Record<string, BuyingStage> = {
  target: "awareness",
  awareness: "awareness",
  consideration: "consideration",
  decision: "decision",
  purchase: "decision",
};

export function mapStage(raw: string): BuyingStage | null {
  return STAGES[normalise(raw)] ?? null;
}

/**
 * The intent of a 6sense account whose export has no intent score column: the nominal score
 * of its stage.
 */
export const SIXSENSE_STAGE_SCORES: Record<string, number> = {
  target: 25,
  awareness: 45,
  consideration: 65,
  decision: 80,
  purchase: 90,
};

const PERSONA_ALIASES: Record<string, string> = {
  "vp engineering": "vp-engineering",
  "vp of engineering": "vp-engineering",
  "vice president of engineering": "vp-engineering",
  "director engineering": "director-engineering",
  "director of engineering": "director-engineering",
  "engineering director": "director-engineering",
  cto: "cto",
  "chief technology officer": "cto",
  "product manager": "product-manager",
  "product management": "product-manager",
};

/** A persona id from an id, a title or a common alias; null when unknown. */
export function mapPersona(raw: string): string | null {
  const value = normalise(raw.replace(/-/g, " "));
  return PERSONA_ALIASES[value] ?? null;
}

/**
 * Which personas a topic speaks to, from the words in it. Exports without persona columns
 * (Bombora, 6sense) get their accounts' personas from their surging topics this way.
 */
const PERSONA_TOPIC_WORDS: { persona: string; words: string[] }[] = [
  {
    persona: "vp-engineering",
    words: [
      "cost",
      "costs",
      "margin",
      "roi",
      "budget",
      "time to market",
      "spend",
      "procurement",
      "supplier",
      "sourcing",
      "profitability",
      "should cost",
    ],
  },
  {
    persona: "director-engineering",
    words: [
      "dfm",
      "manufacturability",
      "design for",
      "eco",
      "ecos",
      "engineering change",
      "tolerance",
      "tolerancing",
      "prototype",
      "prototyping",
      "cad",
      "ppap",
      "first article",
      "design review",
      "costing",
    ],
  },
  {
    persona: "cto",
    words: [
      "plm",
      "digital thread",
      "digital twin",
      "integration",
      "ai",
      "machine learning",
      "cloud",
      "data",
      "platform",
      "architecture",
      "automation",
      "simulation",
      "erp",
    ],
  },
  {
    persona: "product-manager",
    words: [
      "product",
      "roadmap",
      "pricing",
      "feature",
      "portfolio",
      "requirements",
      "launch",
      "market",
      "customer",
    ],
  },
];

export function personasForTopic(topic: string): string[] {
  const words = ` ${normalise(topic)} `;
  return PERSONA_TOPIC_WORDS.filter((p) => p.words.some((w) => words.includes(` ${w} `))).map(
    (p) => p.persona,
  );
}

/** Lower-case host without scheme, www., path or port; null when it is not a domain. */
export function normaliseDomain(raw: string): string | null {
  let value = raw.trim().toLowerCase();
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  value = value.split(/[/?#]/)[0] ?? "";
  value = value.replace(/:\d+$/, "").replace(/\.$/, "");
  value = value.replace(/^www\./, "");
  if (value.length > 253) return null;
  return /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/.test(value)
    ? value
    : null;
}
