import type { IntentLayout } from "@content-studio/contract";
import { parse as parseCsv } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { checkRow, parseIntentCsv, shapeOf } from "./intent-csv";

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

/** Each layout's header, a valid row, and rows each failing one check with the code it gets. */
const ROW_CASES: {
  layout: IntentLayout;
  header: string;
  valid: { row: string; expect: Record<string, unknown> };
  invalid: { name: string; row: string; code: string; params?: Record<string, unknown> }[];
}[] = [
  {
    layout: "template",
    header: TEMPLATE_COLUMNS,
    valid: {
      row: 'Gamma Gears,https://www.GammaGears.com/,Industrial,81%,Consideration,cto,"pricing:62"',
      expect: {
        domain: "gammagears.com",
        score: 81,
        stage: "consideration",
        industry: "industrial",
      },
    },
    invalid: [
      {
        name: "a missing cell",
        row: "Gamma Gears,gammagears.com,Industrial,81,consideration,cto",
        code: "row_ragged",
        params: { found: 6, expected: 7 },
      },
      {
        name: "no domain",
        row: "Gamma Gears,,Industrial,81,consideration,cto,",
        code: "row_missing_domain",
      },
      {
        name: "a domain that is not one",
        row: "Gamma Gears,not a domain,Industrial,81,consideration,cto,",
        code: "row_invalid_domain",
      },
      {
        name: "no name",
        row: ",gammagears.com,Industrial,81,consideration,cto,",
        code: "row_missing_name",
      },
      {
        name: "a score over 100",
        row: "Gamma Gears,gammagears.com,Industrial,181,consideration,cto,",
        code: "row_invalid_score",
        params: { value: "181" },
      },
      {
        name: "an unknown stage",
        row: "Gamma Gears,gammagears.com,Industrial,81,pondering,cto,",
        code: "row_unknown_stage",
        params: { value: "pondering" },
      },
    ],
  },
  {
    layout: "6sense",
    header: `${SIXSENSE_COLUMNS},6sense Intent Score,6sense Intent Keyword(s)`,
    valid: {
      // No score: the stage gives one.
      row: "Delta Devices,deltadevices.com,US,Aerospace,Target,Decision,,plm",
      expect: { domain: "deltadevices.com", stage: "decision", country: "US", keywords: "plm" },
    },
    invalid: [
      {
        name: "a score that is not a number",
        row: "Delta Devices,deltadevices.com,US,Aerospace,Target,Decision,high,plm",
        code: "row_invalid_score",
      },
      {
        name: "no stage at all",
        row: "Delta Devices,deltadevices.com,US,Aerospace,,,70,plm",
        code: "row_unknown_stage",
      },
      {
        name: "an extra cell",
        row: "Delta Devices,deltadevices.com,US,Aerospace,Target,Decision,70,plm,x",
        code: "row_ragged",
      },
    ],
  },
  {
    layout: "bombora",
    header: BOMBORA_COLUMNS,
    valid: {
      row: "Acme Aero,acme-aero.com,1000-4999,Aerospace,Manufacturing,Should Cost Analysis,92",
      expect: {
        domain: "acme-aero.com",
        score: 92,
        stage: null,
        topic: "Should Cost Analysis",
        category: "Manufacturing",
      },
    },
    invalid: [
      {
        name: "no composite score",
        row: "Acme Aero,acme-aero.com,1000-4999,Aerospace,Manufacturing,Should Cost Analysis,",
        code: "row_invalid_score",
      },
      {
        name: "no domain",
        row: "Acme Aero,,1000-4999,Aerospace,Manufacturing,Should Cost Analysis,92",
        code: "row_missing_domain",
      },
    ],
  },
];

describe.each(ROW_CASES)("checkRow: the $layout layout", ({ layout, header, valid, invalid }) => {
  const shape = shapeOf(header.split(","));
  const record = (row: string) => parseCsv(row, { relax_column_count: true })[0] as string[];

  it("detects the layout from the header", () => {
    expect(shape.layout).toBe(layout);
    expect(shape.hasHeader).toBe(true);
  });

  it("turns a valid row into an account row", () => {
    const checked = checkRow(record(valid.row), 2, shape);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.row).toMatchObject({ line: 2, ...valid.expect });
  });

  it.each(invalid)("skips a row with $name ($code)", ({ row, code, params }) => {
    const checked = checkRow(record(row), 3, shape);
    expect(checked).toMatchObject({ ok: false, code, ...(params ? { params } : {}) });
  });
});

describe("shapeOf: a first record that is not a header", () => {
  it("a headerless Bombora export is read by position", () => {
    const shape = shapeOf(
      "Acme Aero,acme-aero.com,1000-4999,Aerospace,Manufacturing,PLM,92".split(","),
    );
    expect(shape).toMatchObject({ layout: "bombora", hasHeader: false, width: 7 });
  });
  it("semicolons and unknown columns are whole-file problems", () => {
    expect(() => shapeOf(["a;b;c"])).toThrow("file_semicolon_delimiter");
    expect(() => shapeOf(["Name", "Revenue"])).toThrow("file_unknown_layout");
  });
});
