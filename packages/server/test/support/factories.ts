import { randomUUID } from "node:crypto";
import type {
  CampaignBriefInput,
  ExampleInput,
  FactInput,
  GlossaryTermInput,
  Role,
} from "@content-studio/contract";
import type { SessionUser } from "../../src/plugins/access";
import { createAccount } from "../../src/modules/users/users.service";
import { createExample } from "../../src/modules/examples/examples.service";
import { approveFact, proposeFact } from "../../src/modules/proof/proof.service";
import { createBrief } from "../../src/modules/campaigns/campaigns.service";
import { insertTestItem, type TestItem } from "./library";
import { saveLibraryItem } from "../../src/modules/library/library-edit.service";
import { trashLibraryItem } from "../../src/modules/library/library-trash.service";
import { previewImport } from "../../src/modules/audience/audience.service";
import { Agent, type TestApp } from "../helper";
import { BRIEF_BASICS } from "./brief-basics";

/**
 * Factories for route tests: each builds one fresh record through the services (so every
 * record is one the application itself could have made) and returns what a test needs of it.
 */

export const TEST_PASSWORD = "Sturdy-Test-Passphrase-42";

let counter = 0;
/** A value no other call in this process returns (for emails, titles, addresses). */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${counter}-${randomUUID().slice(0, 8)}`;
}

/** A fresh client address, so per-IP limits of one test never meet another's. */
export function uniqueAddress(): string {
  counter += 1;
  return `10.201.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

export interface TestAccount {
  user: SessionUser;
  email: string;
  password: string;
}

/** A new account with the role (not signed in). */
export async function buildAccount(t: TestApp, role: Role): Promise<TestAccount> {
  const email = `${unique(role)}@example.test`.toLowerCase();
  const created = await createAccount(t.db, t.ctx.auth, {
    name: `${role} ${email.split("@")[0]}`,
    email,
    password: TEST_PASSWORD,
    role,
  });
  return {
    user: { id: created.id, name: created.name, email: created.email, role },
    email,
    password: TEST_PASSWORD,
  };
}

/** A new account with the role and a browser tab signed in to it. */
export async function buildSignedIn(
  t: TestApp,
  role: Role,
): Promise<TestAccount & { agent: Agent }> {
  const account = await buildAccount(t, role);
  const agent = new Agent(t.app);
  const res = await agent.request({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email: account.email, password: account.password },
    remoteAddress: uniqueAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return { ...account, agent };
}

/** A valid hand-made example; every field can be overridden. */
export function exampleInput(overrides: Partial<ExampleInput> = {}): ExampleInput {
  return {
    title: unique("Should-cost example"),
    category: "good",
    contentType: "technical-guide",
    personaId: "vp-engineering",
    industryId: "aerospace",
    buyingStage: "consideration",
    tags: ["should-cost"],
    notes: "Specific and practical.",
    headline: "Catch cost overruns at every design gate",
    introduction: "Most programs see cost only after design freeze.",
    body: "<h2>Why</h2><p>Cost is locked in during design.</p>",
    conclusion: "Download the checklist.",
    ...overrides,
  };
}

/** A stored hand-made example; its id. */
export async function buildExample(
  t: TestApp,
  actor: SessionUser,
  overrides: Partial<ExampleInput> = {},
): Promise<string> {
  return (await createExample(t.db, actor, exampleInput(overrides))).id;
}

/** A valid proof fact; every field can be overridden. */
export function factInput(overrides: Partial<FactInput> = {}): FactInput {
  return {
    statement: `${unique("Customers quote configured equipment")} 3x faster with NCS Pro.`,
    value: 3,
    valueMax: null,
    unit: "x",
    subjectType: "solution",
    subjectId: "pro",
    source: "Quoting study 2026, page 4",
    owner: "Product Marketing",
    expiresOn: null,
    isSample: false,
    ...overrides,
  };
}

/** The product name "Cost Engine" as a do-not-translate glossary term; every field can be overridden. */
export function glossaryTermInput(overrides: Partial<GlossaryTermInput> = {}): GlossaryTermInput {
  return {
    concept: "cost-engine",
    locale: "en",
    term: "Cost Engine",
    status: "do-not-translate",
    caseSensitive: true,
    ...overrides,
  };
}

/** A stored fact, proposed by `proposer` and (for "approved") approved by `approver`; its id. */
export async function buildFact(
  t: TestApp,
  actors: { proposer: SessionUser; approver: SessionUser },
  status: "proposed" | "approved" = "proposed",
): Promise<string> {
  const fact = await proposeFact(t.ctx, actors.proposer, factInput());
  if (status === "approved") await approveFact(t.ctx, actors.approver, fact.id);
  return fact.id;
}

/** A stored content item (version 1, as the generator stores one); its id. */
export function buildContentItem(t: TestApp, item: TestItem = {}): Promise<string> {
  return insertTestItem(t.db, { title: unique("Should-cost reviews"), ...item });
}

/** A content item with two versions (the second an edit by `editor`); its id. */
export async function buildEditedContentItem(t: TestApp, editor: SessionUser): Promise<string> {
  const id = await buildContentItem(t);
  await saveLibraryItem(t.ctx, editor, id, {
    headline: "Should-cost reviews that catch overruns before design freeze",
    introduction: "Most programs find cost problems late; reviews at each gate find them early.",
    body: "<h2>Why</h2><p>Cost is locked in during design, so review it there.</p>",
    conclusion: "Download the checklist and run your first review.",
  });
  return id;
}

/** A content item moved to the Trash by `actor`; its id. */
export async function buildTrashedContentItem(t: TestApp, actor: SessionUser): Promise<string> {
  // The actor's own item: editors delete only their own drafts.
  const id = await buildContentItem(t, { createdBy: actor.id });
  await trashLibraryItem(t.ctx, actor, id);
  return id;
}

/** A small valid intent-data file in the generic template layout. */
export function intentCsv(): string {
  const domain = `${unique("gamma")}.example`;
  return [
    "Company Name,Domain,Industry,Intent Score,Buying Stage,Personas,Keywords",
    `Gamma Gears,${domain},Industrial,81,consideration,cto,"should cost analysis:90;pricing:62"`,
    `Hotel Hydraulics,h-${domain},Industrial,67,awareness,vp-engineering,design to cost`,
    "",
  ].join("\n");
}

/** An intent-data upload waiting for confirmation, made by `uploader`; its id. */
export async function buildImportPreview(t: TestApp, uploader: SessionUser): Promise<string> {
  const preview = await previewImport(t.db, uploader, {
    fileName: "intent.csv",
    source: (async function* () {
      yield Buffer.from(intentCsv(), "utf8");
    })(),
  });
  if (!preview.importId) throw new Error(`preview refused: ${JSON.stringify(preview)}`);
  return preview.importId;
}

/** A multipart/form-data body with one file field. */
export function multipartFile(
  field: string,
  fileName: string,
  content: string,
  type = "text/plain",
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----matrix${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    Buffer.from(content, "utf8"),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A valid campaign brief over the seeded reference data; every field can be overridden. */
export function briefInput(overrides: Partial<CampaignBriefInput> = {}): CampaignBriefInput {
  return {
    name: unique("Should-cost launch"),
    ...BRIEF_BASICS,
    cells: [
      { personaId: "vp-engineering", industryId: "aerospace", buyingStage: "awareness" },
      { personaId: "cto", industryId: "industrial", buyingStage: "decision" },
    ],
    assets: ["article", "linkedin", "email-subjects"],
    ...overrides,
  };
}

/** A stored campaign brief owned by `owner`; its id. */
export async function buildBrief(
  t: TestApp,
  owner: SessionUser,
  overrides: Partial<CampaignBriefInput> = {},
): Promise<string> {
  return (await createBrief(t.ctx, owner, briefInput(overrides))).id;
}
