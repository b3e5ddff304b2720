import {
  DeriveFactStructureInputSchema,
  DerivedFactStructureSchema,
  FactChangeResultSchema,
  FactIdParamsSchema,
  FactInputSchema,
  FactListSchema,
  FactSchema,
  ListFactsQuerySchema,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes } from "../../lib/route-options";
import * as proof from "./proof.service";

/** The Proof Library: every role reads; editors propose and edit; admins approve, expire, retire. */
export const proofRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const route = jsonRoutes(app, { access: "editor", tags: ["proof"] });

    route.get("/api/proof/facts", {
      access: "viewer",
      operationId: "listFacts",
      summary: "List proof facts",
      querystring: ListFactsQuerySchema,
      answers: FactListSchema,
      run: ({ query }, actor) => proof.listFactsFor(ctx, actor, query),
    });

    route.post("/api/proof/facts", {
      operationId: "createFact",
      summary: "Propose a proof fact",
      body: FactInputSchema,
      answers: FactSchema,
      status: 201,
      run: ({ body }, actor) => proof.proposeFact(ctx, actor, body),
    });

    route.post("/api/proof/facts/derive-structure", {
      operationId: "deriveFactStructure",
      summary: "Read the figure and unit out of a fact statement",
      body: DeriveFactStructureInputSchema,
      answers: DerivedFactStructureSchema,
      run: ({ body }, actor) => proof.deriveStructureFor(actor, body.statement),
    });

    route.put("/api/proof/facts/:id", {
      operationId: "updateFact",
      summary: "Edit a proof fact",
      params: FactIdParamsSchema,
      body: FactInputSchema,
      answers: FactSchema,
      run: ({ params, body }, actor) => proof.editFact(ctx, actor, params.id, body),
    });

    route.get("/api/proof/facts/:id/usages", {
      access: "viewer",
      operationId: "listFactUsages",
      summary: "List the content that cites a proof fact",
      params: FactIdParamsSchema,
      answers: FactChangeResultSchema,
      run: ({ params }, actor) => proof.getFactUsages(ctx, actor, params.id),
    });

    for (const [action, run, operationId, summary] of [
      ["approve", proof.approveFact, "approveFact", "Approve a proof fact"],
      ["expire", proof.expireFact, "expireFact", "Mark a proof fact expired"],
      ["retire", proof.retireFact, "retireFact", "Retire a proof fact"],
    ] as const) {
      route.post(`/api/proof/facts/:id/${action}`, {
        access: "admin",
        operationId,
        summary,
        params: FactIdParamsSchema,
        answers: FactChangeResultSchema,
        run: ({ params }, actor) => run(ctx, actor, params.id),
      });
    }
  };
