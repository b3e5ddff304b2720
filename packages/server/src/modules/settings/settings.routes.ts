import {
  BannedPhrasesResponseSchema,
  BannedPhrasesSchema,
  ExampleRepoSettingsResponseSchema,
  ExampleRepoSettingsSchema,
  GenerationSettingsResponseSchema,
  GenerationSettingsSchema,
  successEnvelope,
  type ExampleRepoSettings,
  type ExampleRepoSettingsResponse,
  type GenerationSettings,
  type GenerationSettingsResponse,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { success } from "../../lib/envelope";
import { routeOptions } from "../../lib/route-options";
import { actorOf, type SessionUser } from "../../plugins/access";
import { readBannedPhrases, saveBannedPhrases } from "./banned-phrases";

/** One setting another module owns: read and saved (authorised, audited) by that module. */
interface OwnedSetting<Value, Answer> {
  read(actor: SessionUser): Promise<Answer>;
  save(actor: SessionUser, value: Value): Promise<Answer>;
}

/**
 * The settings whose rules belong to another module (app.ts passes them in, so this module
 * imports none of its owners): the generation defaults (content) and where examples come from
 * (examples).
 */
export interface SettingsOwners {
  generation: OwnedSetting<GenerationSettings, GenerationSettingsResponse>;
  exampleRepository: OwnedSetting<ExampleRepoSettings, ExampleRepoSettingsResponse>;
}

/**
 * /api/settings/{banned-phrases,generation,example-repository}: the Settings screen's plain
 * settings, in one place. (Glossary and single sign-on are resources of their own, under
 * /api/settings/glossary and /api/settings/sso, served by those modules.)
 */
export const settingsRoutes =
  (ctx: AppContext, owners: SettingsOwners): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/settings/banned-phrases",
      routeOptions("viewer", {
        operationId: "getBannedPhrases",
        summary: "Get the banned phrases",
        tags: ["settings"],
        response: { 200: successEnvelope(BannedPhrasesResponseSchema) },
      }),
      async (request) => success(await readBannedPhrases(ctx.db, actorOf(request))),
    );

    app.put(
      "/api/settings/banned-phrases",
      routeOptions("admin", {
        operationId: "updateBannedPhrases",
        summary: "Replace the banned phrases",
        tags: ["settings"],
        body: BannedPhrasesSchema,
        response: { 200: successEnvelope(BannedPhrasesResponseSchema) },
      }),
      async (request) => success(await saveBannedPhrases(ctx.db, actorOf(request), request.body)),
    );

    app.get(
      "/api/settings/generation",
      routeOptions("viewer", {
        operationId: "getGenerationSettings",
        summary: "Get the generation settings",
        tags: ["settings"],
        response: { 200: successEnvelope(GenerationSettingsResponseSchema) },
      }),
      async (request) => success(await owners.generation.read(actorOf(request))),
    );

    app.put(
      "/api/settings/generation",
      routeOptions("admin", {
        operationId: "updateGenerationSettings",
        summary: "Save the generation settings",
        tags: ["settings"],
        body: GenerationSettingsSchema,
        response: { 200: successEnvelope(GenerationSettingsResponseSchema) },
      }),
      async (request) => success(await owners.generation.save(actorOf(request), request.body)),
    );

    app.get(
      "/api/settings/example-repository",
      routeOptions("viewer", {
        operationId: "getExampleRepositorySettings",
        summary: "Get the example repository settings",
        tags: ["settings"],
        response: { 200: successEnvelope(ExampleRepoSettingsResponseSchema) },
      }),
      async (request) => success(await owners.exampleRepository.read(actorOf(request))),
    );

    app.put(
      "/api/settings/example-repository",
      routeOptions("admin", {
        operationId: "updateExampleRepositorySettings",
        summary: "Save the example repository settings",
        tags: ["settings"],
        body: ExampleRepoSettingsSchema,
        response: { 200: successEnvelope(ExampleRepoSettingsResponseSchema) },
      }),
      async (request) =>
        success(await owners.exampleRepository.save(actorOf(request), request.body)),
    );
  };
