import {
  DeriveFactStructureInputSchema,
  DerivedFactStructureSchema,
  FactChangeResultSchema,
  FactIdParamsSchema,
  FactInputSchema,
  FactListSchema,
  FactSchema,
  ListFactsQuerySchema,
  successEnvelope,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf } from "../../plugins/access";
import * as proof from "./proof.service";

/** The Proof Library: every role reads; editors propose and edit; admins approve, expire, retire. */
export const proofRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/proof/facts",
      routeOptions("viewer", {
        operationId: "listFacts",
        summary: "List proof facts",
        tags: ["proof"],
        querystring: ListFactsQuerySchema,
        response: { 200: successEnvelope(FactListSchema) },
      }),
      async (request) => success(await proof.listFactsFor(ctx, actorOf(request), request.query)),
    );

    app.post(
      "/api/proof/facts",
      routeOptions("editor", {
        operationId: "createFact",
        summary: "Propose a proof fact",
        tags: ["proof"],
        body: FactInputSchema,
        response: { 201: successEnvelope(FactSchema) },
      }),
      async (request) => success(await proof.proposeFact(ctx, actorOf(request), request.body)),
    );

    app.post(
      "/api/proof/facts/derive-structure",
      routeOptions("editor", {
        operationId: "deriveFactStructure",
        summary: "Read the figure and unit out of a fact statement",
        tags: ["proof"],
        body: DeriveFactStructureInputSchema,
        response: { 200: successEnvelope(DerivedFactStructureSchema) },
      }),
      async (request) =>
        success(proof.deriveStructureFor(actorOf(request), request.body.statement)),
    );

    app.put(
      "/api/proof/facts/:id",
      routeOptions("editor", {
        operationId: "updateFact",
        summary: "Edit a proof fact",
        tags: ["proof"],
        params: FactIdParamsSchema,
        body: FactInputSchema,
        response: { 200: successEnvelope(FactSchema) },
      }),
      async (request) =>
        success(await proof.editFact(ctx, actorOf(request), request.params.id, request.body)),
    );

    app.get(
      "/api/proof/facts/:id/usages",
      routeOptions("viewer", {
        operationId: "listFactUsages",
        summary: "List the content that cites a proof fact",
        tags: ["proof"],
        params: FactIdParamsSchema,
        response: { 200: successEnvelope(FactChangeResultSchema) },
      }),
      async (request) =>
        success(await proof.getFactUsages(ctx, actorOf(request), request.params.id)),
    );

    for (const [action, run, operationId, summary] of [
      ["approve", proof.approveFact, "approveFact", "Approve a proof fact"],
      ["expire", proof.expireFact, "expireFact", "Mark a proof fact expired"],
      ["retire", proof.retireFact, "retireFact", "Retire a proof fact"],
    ] as const) {
      app.post(
        `/api/proof/facts/:id/${action}`,
        routeOptions("admin", {
          operationId,
          summary,
          tags: ["proof"],
          params: FactIdParamsSchema,
          response: { 200: successEnvelope(FactChangeResultSchema) },
        }),
        async (request) => success(await run(ctx, actorOf(request), request.params.id)),
      );
    }
  };
