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
import { actorOf } from "../../plugins/access";
import * as proof from "./proof.service";

/** The Proof Library: every role reads; editors propose and edit; admins approve, expire, retire. */
export const proofRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/proof/facts",
      {
        config: { access: "viewer" },
        schema: {
          querystring: ListFactsQuerySchema,
          response: { 200: successEnvelope(FactListSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await proof.listFactsFor(ctx, actorOf(request), request.query),
      }),
    );

    app.post(
      "/api/proof/facts",
      {
        config: { access: "editor" },
        schema: { body: FactInputSchema, response: { 201: successEnvelope(FactSchema) } },
      },
      async (request, reply) => {
        reply.code(201);
        return {
          success: true as const,
          data: await proof.proposeFact(ctx, actorOf(request), request.body),
        };
      },
    );

    app.post(
      "/api/proof/facts/derive-structure",
      {
        config: { access: "editor" },
        schema: {
          body: DeriveFactStructureInputSchema,
          response: { 200: successEnvelope(DerivedFactStructureSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: proof.deriveStructureFor(actorOf(request), request.body.statement),
      }),
    );

    app.put(
      "/api/proof/facts/:id",
      {
        config: { access: "editor" },
        schema: {
          params: FactIdParamsSchema,
          body: FactInputSchema,
          response: { 200: successEnvelope(FactSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await proof.editFact(ctx, actorOf(request), request.params.id, request.body),
      }),
    );

    app.get(
      "/api/proof/facts/:id/usages",
      {
        config: { access: "viewer" },
        schema: {
          params: FactIdParamsSchema,
          response: { 200: successEnvelope(FactChangeResultSchema) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await proof.getFactUsages(ctx, actorOf(request), request.params.id),
      }),
    );

    for (const [action, run] of [
      ["approve", proof.approveFact],
      ["expire", proof.expireFact],
      ["retire", proof.retireFact],
    ] as const) {
      app.post(
        `/api/proof/facts/:id/${action}`,
        {
          config: { access: "admin" },
          schema: {
            params: FactIdParamsSchema,
            response: { 200: successEnvelope(FactChangeResultSchema) },
          },
        },
        async (request) => ({
          success: true as const,
          data: await run(ctx, actorOf(request), request.params.id),
        }),
      );
    }
  };
