import type { GeneratedContent } from "@content-studio/contract";
import {
  AliasNode,
  PostgresQueryCompiler,
  SelectQueryNode,
  TableNode,
  type KyselyPlugin,
  type RootOperationNode,
} from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, sql, type Agent, type TestApp } from "../../../test/helper";
import { VALID_REQUEST } from "../../../test/support/generation";
import type { AppContext } from "../../app-context";
import type { SessionUser } from "../../plugins/access";
import { optimizeContentItem } from "./optimize";

/** The table a query reads first (its FROM, or the table it writes), if any. */
function rootTable(node: RootOperationNode): string | undefined {
  const first = SelectQueryNode.is(node) ? node.from?.froms[0] : undefined;
  const table = first && AliasNode.is(first) ? first.node : first;
  return table && TableNode.is(table) ? table.table.identifier.name : undefined;
}

/** Records every query (its SQL with parameters, and its root table) sent through a Kysely. */
function queryRecorder() {
  const compiler = new PostgresQueryCompiler();
  const queries: { table: string | undefined; text: string }[] = [];
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      const compiled = compiler.compileQuery(node, queryId);
      queries.push({
        table: rootTable(node),
        text: `${compiled.sql} ${JSON.stringify(compiled.parameters)}`,
      });
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const perTable = () => {
    const counts: Record<string, number> = {};
    for (const { table } of queries) if (table) counts[table] = (counts[table] ?? 0) + 1;
    return counts;
  };
  return { plugin, queries, perTable };
}

describe("one Optimize call loads the brief's context once", () => {
  let t: TestApp;
  let editor: Agent;
  let actor: SessionUser;

  beforeAll(async () => {
    t = await buildTestApp();
    const email = "counted-editor@example.test";
    editor = await t.signInAs("editor", { email });
    const { rows } = await sql<{ id: string; name: string }>`
      select id, name from "user" where email = ${email}`.execute(t.db);
    actor = { id: rows[0]!.id, name: rows[0]!.name, email, role: "editor" };
  });
  afterAll(() => t.close());

  it("sends no query twice and reads each reference table once", async () => {
    const res = await editor.post("/api/generate-content", {
      ...VALID_REQUEST,
      useBenchmarkExamples: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<{ data: GeneratedContent }>().data.contentItemId;

    const recorder = queryRecorder();
    const counted: AppContext = { ...t.ctx, db: t.ctx.db.withPlugin(recorder.plugin) };
    const result = await optimizeContentItem(
      counted,
      actor,
      id,
      { primaryKeyword: "should-cost review" },
      new AbortController().signal,
    );
    expect(result.after.overall).toBeGreaterThan(0);

    const texts = recorder.queries.map((q) => q.text);
    const repeated = texts.filter((text, i) => texts.indexOf(text) !== i);
    expect(repeated, "queries sent more than once").toEqual([]);
    const counts = recorder.perTable();
    // The item, its duplicate family, and the Library's fingerprint and texts (the duplicate
    // gate's index, built once here); every persona and industry (the judge's vocabularies,
    // and the brief's own); the catalogue; the approved facts.
    expect(counts.content_item, JSON.stringify(counts)).toBe(4);
    for (const table of [
      "persona",
      "industry",
      "company_profile",
      "key_metric",
      "solution",
      "offer",
      "proof_fact",
    ]) {
      expect(counts[table], `queries on ${table}: ${JSON.stringify(counts)}`).toBe(1);
    }
  });
});
