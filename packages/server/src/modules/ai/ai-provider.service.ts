import {
  AI_PROVIDERS,
  AiProviderIdSchema,
  type AiProviderId,
  type AiServiceInfo,
  type AiServiceInfoResponse,
} from "@content-studio/contract";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { AppContext } from "../../app-context";
import type { AiConfig } from "../../config";
import type { Database } from "../../db/types";
import { AppError, fieldError } from "../../lib/app-error";
import type { SessionUser } from "../../plugins/access";
import { readSetting, writeSetting } from "../settings/settings.repository";
import { auditActorOf, diffFields, recordAudit } from "../audit/audit.service";
import { aiPolicy } from "./ai.policy";
import { BuiltinWriter } from "./builtin-writer";
import { OpenAiImageWriter, type ImageWriter } from "./image-writer";
import { createLlmWriter, type WriterLogger } from "./llm-writer";
import type { Writer } from "./writer";

/**
 * The provider registry: which providers the server can use (a key in the environment; for the
 * compatible endpoint its base URL and model; the built-in writer always), the current choice
 * (app_setting "ai.provider"), and the Writer for it. Keys never leave the config object: the
 * API sees only whether one is set and its last four characters.
 */

export const AI_PROVIDER_SETTING = "ai.provider";

/** What the AI services read; `metrics`, when given, hears every provider call. */
export type AiContext = Pick<AppContext, "db" | "config"> & Partial<Pick<AppContext, "metrics">>;

export interface AiChoice {
  provider: AiProviderId;
  model: string;
}

type ProviderInfo = AiServiceInfo["providers"][number];

const StoredChoiceSchema = z.object({ provider: AiProviderIdSchema, model: z.string() });

/** Order of the default choice when nothing is stored: the first provider with a key. */
const DEFAULT_ORDER: AiProviderId[] = ["openai", "google", "compatible"];

const NOT_CONFIGURED: Record<Exclude<AiProviderId, "builtin">, string> = {
  openai: "OpenAI is not configured: set OPENAI_API_KEY on the server.",
  google: "Google Gemini is not configured: set GOOGLE_GENERATIVE_AI_API_KEY on the server.",
  compatible:
    "The OpenAI-compatible endpoint is not configured: set OPENAI_COMPATIBLE_BASE_URL and OPENAI_COMPATIBLE_MODEL on the server.",
};

function keyOf(id: AiProviderId, ai: AiConfig): string | undefined {
  if (id === "openai") return ai.openai.apiKey;
  if (id === "google") return ai.google.apiKey;
  if (id === "compatible") return ai.compatible?.apiKey;
  return undefined;
}

/** The last four characters of a key, only when the key is long enough that they reveal little. */
export function keyHint(key: string | undefined): string | null {
  return key && key.length >= 12 ? key.slice(-4) : null;
}

export function isProviderAvailable(id: AiProviderId, ai: AiConfig): boolean {
  if (id === "builtin") return true;
  if (id === "compatible") return ai.compatible !== undefined;
  return Boolean(keyOf(id, ai));
}

export function modelsOf(id: AiProviderId, ai: AiConfig): string[] {
  if (id === "compatible") return ai.compatible ? [ai.compatible.model] : [];
  return [...AI_PROVIDERS[id].models];
}

/** Every provider with its models, availability and key hint (never the key). */
export function listProviders(ai: AiConfig): ProviderInfo[] {
  return AiProviderIdSchema.options.map((id) => {
    const models = modelsOf(id, ai);
    return {
      id,
      label: AI_PROVIDERS[id].label,
      models,
      defaultModel: models[0] ?? "",
      available: isProviderAvailable(id, ai),
      keyHint: keyHint(keyOf(id, ai)),
    };
  });
}

/** The first available of OpenAI (gpt-4o-mini), Google (gemini-1.5-pro), the compatible endpoint; else the built-in writer. */
export function defaultChoice(ai: AiConfig): AiChoice {
  const id = DEFAULT_ORDER.find((p) => isProviderAvailable(p, ai)) ?? "builtin";
  return { provider: id, model: modelsOf(id, ai)[0] ?? AI_PROVIDERS.builtin.models[0] };
}

async function readStoredChoice(db: Kysely<Database>): Promise<AiChoice | undefined> {
  const stored = StoredChoiceSchema.safeParse(await readSetting(db, AI_PROVIDER_SETTING));
  return stored.success ? stored.data : undefined;
}

/**
 * The provider and model generation uses: the stored choice while its provider is available
 * (a model that is no longer offered becomes the provider's default), else the built-in writer;
 * with nothing stored, {@link defaultChoice}.
 */
export async function resolveAiChoice(ctx: AiContext, log?: WriterLogger): Promise<AiChoice> {
  const ai = ctx.config.ai;
  const stored = await readStoredChoice(ctx.db);
  if (!stored) return defaultChoice(ai);
  if (!isProviderAvailable(stored.provider, ai)) {
    log?.warn(
      { provider: stored.provider },
      `The chosen AI provider (${AI_PROVIDERS[stored.provider].label}) is not configured on this server; using the built-in writer`,
    );
    return { provider: "builtin", model: AI_PROVIDERS.builtin.models[0] };
  }
  const models = modelsOf(stored.provider, ai);
  return {
    provider: stored.provider,
    model: models.includes(stored.model) ? stored.model : models[0]!,
  };
}

/** GET /api/ai-service-info: the current provider and model, and every provider's availability. */
export async function getAiServiceInfo(ctx: AiContext): Promise<AiServiceInfo> {
  const choice = await resolveAiChoice(ctx);
  return {
    provider: choice.provider,
    model: choice.model,
    providerLabel: AI_PROVIDERS[choice.provider].label,
    providers: listProviders(ctx.config.ai),
  };
}

function isDatabase(value: AiContext | Kysely<Database>): value is Kysely<Database> {
  return typeof (value as Kysely<Database>).selectFrom === "function";
}

/**
 * The current provider and model.
 *
 * Pass the context: with a bare database (the earlier signature, still accepted) the server's
 * keys are unknown, so the stored choice is reported as stored and nothing else is listed.
 */
export async function getCurrentAiProvider(
  source: AiContext | Kysely<Database>,
): Promise<AiServiceInfo> {
  if (!isDatabase(source)) return getAiServiceInfo(source);
  const stored = await readStoredChoice(source);
  const choice = stored ?? { provider: "builtin", model: AI_PROVIDERS.builtin.models[0] };
  return {
    provider: choice.provider,
    model: choice.model,
    providerLabel: AI_PROVIDERS[choice.provider].label,
    providers: [],
  };
}

/** The Writer for the current choice. Pass the request logger to record fallbacks and retries. */
export async function getWriter(
  ctx: AiContext,
  options: { log?: WriterLogger } = {},
): Promise<Writer> {
  const choice = await resolveAiChoice(ctx, options.log);
  if (choice.provider === "builtin") return new BuiltinWriter();
  return createLlmWriter(choice.provider, choice.model, ctx.config.ai, options.log, ctx.metrics);
}

/**
 * The image writer for the current choice: OpenAI's image model when OpenAI is the current
 * provider and has a key; otherwise none (the caller draws its own picture).
 */
export async function getImageWriter(
  ctx: AiContext,
  options: { log?: WriterLogger } = {},
): Promise<ImageWriter | undefined> {
  const choice = await resolveAiChoice(ctx, options.log);
  if (choice.provider !== "openai" || !ctx.config.ai.openai.apiKey) return undefined;
  return new OpenAiImageWriter(ctx.config.ai, options.log, ctx.metrics);
}

/**
 * POST /api/change-ai-provider (admins): stores the choice. Unknown provider or model → 400;
 * a provider the server has no key (or endpoint) for → 409 naming the variable to set.
 */
/** The current choice as answered to `actor`, with whether they may change it. */
export async function getAiServiceInfoFor(
  ctx: AiContext,
  actor: SessionUser,
): Promise<AiServiceInfoResponse> {
  const info = await getAiServiceInfo(ctx);
  return { ...info, can: { change: aiPolicy.capabilities(actor).changeProvider } };
}

/** Admins choose the provider and model (audited in the same transaction). */
export async function changeAiProvider(
  ctx: AiContext,
  actor: SessionUser,
  input: { provider: string; model: string },
  log?: WriterLogger,
): Promise<AiServiceInfoResponse> {
  aiPolicy.authorize(actor, "changeProvider");
  const ai = ctx.config.ai;
  const parsed = AiProviderIdSchema.safeParse(input.provider);
  if (!parsed.success) {
    const message = `Unknown AI provider. Choose one of: ${AiProviderIdSchema.options.join(", ")}.`;
    throw fieldError("body.provider", message);
  }
  const provider = parsed.data;
  if (provider === "compatible" && !isProviderAvailable(provider, ai)) {
    throw new AppError("conflict", NOT_CONFIGURED.compatible);
  }
  const models = modelsOf(provider, ai);
  if (!models.includes(input.model)) {
    const message = `${AI_PROVIDERS[provider].label} does not offer that model. Choose one of: ${models.join(", ")}.`;
    throw fieldError("body.model", message);
  }
  if (provider !== "builtin" && !isProviderAvailable(provider, ai)) {
    throw new AppError("conflict", NOT_CONFIGURED[provider]);
  }
  aiPolicy.authorize(actor, "changeProvider");
  const before = await getCurrentAiProvider(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    await writeSetting(trx, AI_PROVIDER_SETTING, { provider, model: input.model }, actor.id);
    await recordAudit(trx, {
      actor: auditActorOf(actor),
      action: "settings.ai_provider_changed",
      target: { type: "setting", id: AI_PROVIDER_SETTING, label: "AI provider" },
      changes: diffFields(
        { provider: before.provider, model: before.model },
        { provider, model: input.model },
      ),
    });
  });
  log?.info({ provider, model: input.model, userId: actor.id }, "AI provider changed");
  return getAiServiceInfoFor(ctx, actor);
}
