import type { IntentLayout } from "@content-studio/contract";
import { describe, expect, it } from "vitest";
import { parseIntentCsv } from "./intent-csv";

async function* bytesOf(text: string) {
  await Promise.resolve();
  yield Buffer.from(text, "utf8");
}

const parse = (lines: string[]) => parseIntentCsv(bytesOf(lines.join("\n")));

const SIXSENSE_COLUMNS =
  "6sense Company Name,6sense Domain,6sense Country,Industry,Buying Stage: Start,Buying Stage: End";
const TEMPLATE_COLUMNS = "Company Name,Domain,Industry,Intent Score,Buying Stage,Personas,Keywords";
const BOMBORA_COLUMNS = "Company Name,Domain,Size,Industry,Category,Topic,Composite Score";

describe("parseIntentCsv: the keyword column of each layout", () => {
  const cases: { name: string; layout: IntentLayout; lines: string[]; topics: string[] }[] = [
    {
      name: "6sense, the README's header ending in Keyword(s)",
      layout: "6sense",
      lines: [
        `${SIXSENSE_COLUMNS},6sense Intent Score,6sense Intent Keyword(s)`,
        'Delta Devices,deltadevices.com,US,Aerospace,Target,Decision,88,"digital twin;plm integration"',
      ],
      topics: ["digital twin", "plm integration"],
    },
    {
      name: "6sense, a bare Keyword(s) header and no score column",
      layout: "6sense",
      lines: [
        `${SIXSENSE_COLUMNS},Keyword(s)`,
        "Delta Devices,deltadevices.com,US,Aerospace,Target,Decision,should cost",
      ],
      topics: ["should cost"],
    },
    {
      name: "6sense, a header ending in Keywords",
      layout: "6sense",
      lines: [
        `${SIXSENSE_COLUMNS},6sense Intent Score,6sense Intent Keywords`,
        'Delta Devices,deltadevices.com,US,Aerospace,Target,Decision,70,"dfm;ecos"',
      ],
      topics: ["dfm", "ecos"],
    },
    {
      name: "template, the Keywords column with scores",
      layout: "template",
      lines: [
        TEMPLATE_COLUMNS,
        'Gamma Gears,gammagears.com,Industrial,81,consideration,cto,"pricing:62;should cost:90"',
      ],
      topics: ["should cost", "pricing"],
    },
    {
      name: "Bombora, one topic per row",
      layout: "bombora",
      lines: [
        BOMBORA_COLUMNS,
        "Acme Aero,acme-aero.com,1000-4999,Aerospace,Manufacturing,Should Cost Analysis,92",
        "Acme Aero,acme-aero.com,1000-4999,Aerospace,Manufacturing,Digital Thread,71",
      ],
      topics: ["Should Cost Analysis", "Digital Thread"],
    },
  ];

  it.each(cases)("$name", async ({ layout, lines, topics }) => {
    const parsed = await parse(lines);
    expect(parsed.fatal).toBe(false);
    expect(parsed.layout).toBe(layout);
    const accounts = [...parsed.takeAccounts()];
    expect(parsed.accountCount).toBe(1);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.topics.map((t) => t.topic)).toEqual(topics);
  });
});

describe("parseIntentCsv: a domain named twice in one file", () => {
  const cases: {
    name: string;
    lines: string[];
    warnings: { row: number; params: Record<string, string | number> }[];
    topics: string[];
    intent: number;
  }[] = [
    {
      name: "6sense: combined, the later row's score, keywords of both, reported",
      lines: [
        `${SIXSENSE_COLUMNS},6sense Intent Score,6sense Intent Keyword(s)`,
        "Delta Devices,deltadevices.com,US,Aerospace,Target,Decision,88,digital twin",
        "Other Co,other.com,US,Aerospace,Target,Awareness,40,",
        "Delta Devices Inc,https://www.deltadevices.com/,US,Aerospace,Target,Consideration,70,plm",
      ],
      warnings: [{ row: 4, params: { domain: "deltadevices.com", firstRow: 2 } }],
      topics: ["digital twin", "plm"],
      intent: 70,
    },
    {
      name: "template: combined and reported, each repeat with its own row",
      lines: [
        TEMPLATE_COLUMNS,
        "Gamma Gears,gammagears.com,Industrial,81,consideration,cto,should cost:90",
        "Gamma Gears,gammagears.com,Industrial,60,awareness,,pricing:62",
        "Gamma Gears,GAMMAGEARS.COM,Industrial,65,awareness,,",
      ],
      warnings: [
        { row: 3, params: { domain: "gammagears.com", firstRow: 2 } },
        { row: 4, params: { domain: "gammagears.com", firstRow: 2 } },
      ],
      topics: ["should cost", "pricing"],
      intent: 65,
    },
    {
      name: "Bombora: one row per topic is the format; only a repeated topic is reported",
      lines: [
        BOMBORA_COLUMNS,
        "Acme Aero,acme-aero.com,1000-4999,Aerospace,Manufacturing,Should Cost Analysis,92",
        "Acme Aero,acme-aero.com,1000-4999,Aerospace,Manufacturing,Digital Thread,71",
        "Acme Aero,acme-aero.com,1000-4999,Aerospace,Manufacturing,Digital Thread,80",
      ],
      warnings: [
        { row: 4, params: { domain: "acme-aero.com", firstRow: 3, topic: "Digital Thread" } },
      ],
      topics: ["Should Cost Analysis", "Digital Thread"],
      intent: 92,
    },
  ];

  it.each(cases)("$name", async ({ lines, warnings, topics, intent }) => {
    const parsed = await parse(lines);
    expect(parsed.fatal).toBe(false);
    const duplicates = parsed.issues.filter((i) => i.code === "row_duplicate_domain");
    expect(duplicates.map(({ row, params, severity }) => ({ row, params, severity }))).toEqual(
      warnings.map((w) => ({ ...w, severity: "warning" })),
    );
    expect(parsed.warningCount).toBe(warnings.length);
    const account = [...parsed.takeAccounts()].find((a) => a.topics.length > 0)!;
    expect(account.topics.map((t) => t.topic)).toEqual(topics);
    expect(account.intent).toBe(intent);
  });
});
