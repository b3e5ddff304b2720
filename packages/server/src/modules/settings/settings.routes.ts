import {
  BannedPhrasesResponseSchema,
  BannedPhrasesSchema,
  ExampleRepoSettingsResponseSchema,
  ExampleRepoSettingsSchema,
  GenerationSettingsResponseSchema,
  GenerationSettingsSchema,
  type ExampleRepoSettings,
  type ExampleRepoSettingsResponse,
  type GenerationSettings,
  type GenerationSettingsResponse,
} from "@content-studio/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../app-context";
import { jsonRoutes } from "../../lib/route-options";
import type { SessionUser } from "../../plugins/access";
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
    const route = jsonRoutes(app, { access: "admin", tags: ["settings"] });

    route.get("/api/settings/banned-phrases", {
      access: "viewer",
      operationId: "getBannedPhrases",
      summary: "Get the banned phrases",
      answers: BannedPhrasesResponseSchema,
      run: (_request, actor) => readBannedPhrases(ctx.db, actor),
    });

    route.put("/api/settings/banned-phrases", {
      operationId: "updateBannedPhrases",
      summary: "Replace the banned phrases",
      body: BannedPhrasesSchema,
      answers: BannedPhrasesResponseSchema,
      run: ({ body }, actor) => saveBannedPhrases(ctx.db, actor, body),
    });

    route.get("/api/settings/generation", {
      access: "viewer",
      operationId: "getGenerationSettings",
      summary: "Get the generation settings",
      answers: GenerationSettingsResponseSchema,
      run: (_request, actor) => owners.generation.read(actor),
    });

    route.put("/api/settings/generation", {
      operationId: "updateGenerationSettings",
      summary: "Save the generation settings",
      body: GenerationSettingsSchema,
      answers: GenerationSettingsResponseSchema,
      run: ({ body }, actor) => owners.generation.save(actor, body),
    });

    route.get("/api/settings/example-repository", {
      access: "viewer",
      operationId: "getExampleRepositorySettings",
      summary: "Get the example repository settings",
      answers: ExampleRepoSettingsResponseSchema,
      run: (_request, actor) => owners.exampleRepository.read(actor),
    });

    route.put("/api/settings/example-repository", {
      operationId: "updateExampleRepositorySettings",
      summary: "Save the example repository settings",
      body: ExampleRepoSettingsSchema,
      answers: ExampleRepoSettingsResponseSchema,
      run: ({ body }, actor) => owners.exampleRepository.save(actor, body),
    });
  };
