import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { Kysely } from "kysely";
import type { AppContext } from "./app-context";
import type { Config } from "./config";
import type { DatabaseKind } from "./db/database";
import type { Database } from "./db/types";
import { PendingWork } from "./lib/pending-work";
import { JobEngine } from "./lib/job-engine";
import { jobStoreOf, poolUseOf } from "./db/database";
import { AppMetrics } from "./lib/metrics";
import { createAuth, loadAuthSecret } from "./modules/auth/auth";
import { audienceRoutes } from "./modules/audience/audience.routes";
import { authRoutes } from "./modules/auth/auth.routes";
import { createSessionResolver } from "./modules/auth/auth.service";
import { contentRoutes } from "./modules/content/content.routes";
import { reviewQualityCheck } from "./modules/content/editor-review";
import { getLibraryIndex } from "./modules/library/library-index";
import { auditActorOf, recordAudit } from "./modules/audit/audit.service";
import { AppError } from "./lib/app-error";
import { examplesRoutes } from "./modules/examples/examples.routes";
import {
  checkExampleStore,
  createExampleSearchQueue,
  readExampleRepoSettings,
  saveExampleRepoSettings,
} from "./modules/examples/examples.service";
import { generationRoutes } from "./modules/content/generation.routes";
import {
  readGenerationSettings,
  saveGenerationSettings,
} from "./modules/content/generation-settings.service";
import { dashboardRoutes } from "./modules/dashboard/dashboard.routes";
import { libraryRoutes } from "./modules/library/library.routes";
import { libraryActionRoutes } from "./modules/library/library-actions.routes";
import { contentItemActions } from "./modules/content/item-actions";
import { defineTrashPurge, scheduleTrashPurge } from "./modules/library/library-trash.service";
import { proofRoutes } from "./modules/proof/proof.routes";
import { glossaryRoutes } from "./modules/glossary/glossary.routes";
import { campaignsRoutes } from "./modules/campaigns/campaigns.routes";
import { kitRoutes } from "./modules/campaigns/kit.routes";
import { defineKitQueues } from "./modules/campaigns/kit.jobs";
import { kitExportFileOwner } from "./modules/campaigns/kit-export-store";
import { defineIngestQueue, uploadFileOwner } from "./modules/examples/ingest.jobs";
import { checkKitAssets, kitFindingsOf } from "./modules/campaigns/kit-findings";
import { qualityRoutes } from "./modules/quality/quality.routes";
import { referenceRoutes } from "./modules/reference/reference.routes";
import { aiRoutes } from "./modules/ai/ai.routes";
import { settingsRoutes } from "./modules/settings/settings.routes";
import { systemRoutes } from "./modules/system/system.routes";
import { healthRoutes } from "./modules/system/health.routes";
import { usersRoutes } from "./modules/users/users.routes";
import { accountRoutes } from "./modules/account/account.routes";
import { auditRoutes } from "./modules/audit/audit.routes";
import { tokensRoutes } from "./modules/tokens/tokens.routes";
import { tokenAccess } from "./modules/tokens/tokens.service";
import { companyProfileRoutes } from "./modules/reference/company-profile.routes";
import { createMailer } from "./modules/mail/mail.service";
import { defineMailQueue } from "./modules/mail/mail.jobs";
import { registerAccessControl, type RegisteredRoute } from "./plugins/access";
import {
  createClientErrorHandler,
  createFrameworkErrorHandler,
  registerErrorHandler,
} from "./plugins/errors";
import { securityHeaders } from "./plugins/security-headers";
import { registerNulGuard } from "./plugins/nul-guard";
import { registerGracefulClose } from "./plugins/graceful-close";
import { registerMetrics } from "./plugins/metrics";
import { registerWeb } from "./plugins/web";
import { registerOpenApi } from "./plugins/openapi";
import { requiredScope } from "./modules/tokens/route-scopes";
import { sealerFor } from "./lib/sealed";
import { checkFileStore, createObjectStore } from "./modules/storage/storage.service";
import { defineStorageSweep, scheduleStorageSweep } from "./modules/storage/storage-sweep";
import { webhooksRoutes } from "./modules/webhooks/webhooks.routes";
import { ssoRoutes } from "./modules/sso/sso.routes";
import { SSO_KEY_PURPOSE } from "./modules/sso/sso.service";
import { defineWebhookQueue, WEBHOOK_KEY_PURPOSE } from "./modules/webhooks/webhooks.jobs";
import { publishingRoutes } from "./modules/publishing/publishing.routes";
import {
  definePublishingQueue,
  PUBLISHING_KEY_PURPOSE,
} from "./modules/publishing/publishing.jobs";

export interface BuildAppOptions {
  config: Config;
  db: Kysely<Database>;
  dbKind: DatabaseKind;
  /** Pino logger options, or false for none (tests). */
  logger?: boolean | object;
  /** How long close() waits for requests and background work (default 10 s). */
  shutdownGraceMs?: number;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every /api route with its declared access level (for the authorization matrix). */
  routes: RegisteredRoute[];
}

/** How long close waits for running job handlers. */
const JOB_ENGINE_STOP_MS = 5_000;

/**
 * A `worker` process answers only the health routes (`/api/health` and below) and `/metrics`
 * (its own access rule; a worker's job counts are read there): everything else is 404 before
 * any session or body is read, so a worker's port is a probe, not a second web.
 */
function registerWorkerOnlyHealth(app: FastifyInstance): void {
  app.addHook("onRequest", async (request) => {
    const path = request.url.split("?")[0]!;
    if (path === "/api/health" || path.startsWith("/api/health/") || path === "/metrics") return;
    throw new AppError("not_found", "This is a worker process: it serves only /api/health.");
  });
}

/** Builds the Fastify app: plugins first, then feature modules. Never listens. */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config, db, dbKind } = options;
  const headers = securityHeaders(config.baseUrl);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                "req.headers.cookie",
                "req.headers.authorization",
                'res.headers["set-cookie"]',
                "*.password",
                "*.apiKey",
              ],
              censor: "[redacted]",
            },
            ...(typeof options.logger === "object" ? options.logger : {}),
          },
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{1,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    // Named proxies, never `true`: trusting every hop would let a client pick its own request.ip.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 120_000,
    keepAliveTimeout: 10_000,
    forceCloseConnections: "idle",
    // While closing, plugins/graceful-close.ts answers 503 in the JSON envelope instead.
    return503OnClosing: false,
    frameworkErrors: createFrameworkErrorHandler(headers),
    clientErrorHandler: createClientErrorHandler(headers),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerNulGuard(app);
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-request-id", request.id);
    // Answers that may be revalidated (reference data with an ETag) set their own policy.
    if (request.url.startsWith("/api") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    done(null, payload);
  });

  // Helmet's headers are fixed for a configuration: computed once, set on every answer.
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const secret = await loadAuthSecret(db, config.authSecret);
  const auth = createAuth(db, config, secret);
  const ctx: AppContext = {
    config,
    db,
    dbKind,
    auth,
    pendingWork: new PendingWork(),
    jobEngine: new JobEngine(jobStoreOf(db), app.log, { runsJobs: config.role !== "web" }),
    exampleSearches: createExampleSearchQueue(config, dbKind),
    mailer: createMailer(config.mail, secret),
    webhookSealer: sealerFor(secret, WEBHOOK_KEY_PURPOSE),
    publishingSealer: sealerFor(secret, PUBLISHING_KEY_PURPOSE),
    ssoSealer: sealerFor(secret, SSO_KEY_PURPOSE),
    editorReview: reviewQualityCheck,
    libraryIndex: getLibraryIndex,
    kitFindingsOf,
    metrics: new AppMetrics(),
    objectStore: createObjectStore(config.storage),
  };
  ctx.metrics.setSources({
    queueCounts: async () => {
      try {
        return await ctx.jobEngine.queueCounts();
      } catch (error) {
        app.log.warn({ err: error }, "metrics: job counts could not be read");
        return [];
      }
    },
    poolUse: () => poolUseOf(db),
  });
  registerMetrics(app, ctx.metrics, config.metrics);
  // Refused actions are audited: who tried what, on which route, and why it was refused (the
  // role does not allow it, or the record's state does not allow it now).
  app.addHook("onError", async (request, _reply, error) => {
    if (!(error instanceof AppError) || !request.user) return;
    if (error.code !== "forbidden" && error.code !== "conflict") return;
    try {
      await recordAudit(ctx.db, {
        actor: auditActorOf(request.user),
        action: "request.refused",
        target: {
          type: "route",
          id: `${request.method} ${request.routeOptions.url ?? ""}`,
          label: request.url.split("?")[0]!.slice(0, 300),
        },
        changes: { reason: { to: error.message.slice(0, 500) }, status: { to: error.status } },
      });
    } catch (auditError) {
      request.log.warn({ err: auditError }, "could not audit a refused request");
    }
  });
  const graceful = registerGracefulClose(app, ctx.pendingWork, {
    graceMs: options.shutdownGraceMs,
  });
  if (config.role === "worker") registerWorkerOnlyHealth(app);
  app.addHook("onClose", () => ctx.mailer.close());
  const resolveUser = createSessionResolver(auth, db, config);
  app.addHook("onClose", async () => ctx.objectStore?.close());
  const routes = registerAccessControl(app, resolveUser, {
    publicOrigin: new URL(config.baseUrl).origin,
    tokens: tokenAccess(ctx),
  });
  // Before the routes: the document is built from every route registered after it.
  await registerOpenApi(app, { scopeOf: requiredScope });

  await app.register(systemRoutes(ctx));
  await app.register(aiRoutes(ctx));
  await app.register(
    healthRoutes(ctx, {
      draining: graceful.closing,
      storage: (timeoutMs) => checkExampleStore(ctx, timeoutMs),
      fileStore: (timeoutMs) => checkFileStore(ctx, timeoutMs),
    }),
  );
  await app.register(authRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(referenceRoutes(ctx));
  await app.register(examplesRoutes(ctx));
  await app.register(qualityRoutes(ctx));
  // The Settings screen's plain settings; the owners' rules come in from their modules.
  await app.register(
    settingsRoutes(ctx, {
      generation: {
        read: (actor) => readGenerationSettings(ctx.db, actor),
        save: (actor, value) => saveGenerationSettings(ctx.db, actor, value),
      },
      exampleRepository: {
        read: (actor) => readExampleRepoSettings(ctx, actor),
        save: (actor, value) => saveExampleRepoSettings(ctx, actor, value),
      },
    }),
  );
  await app.register(generationRoutes(ctx));
  await app.register(contentRoutes);
  await app.register(accountRoutes(ctx));
  // Outgoing mail (password reset links) is sent by the job engine, sealed in its job rows.
  defineMailQueue(ctx, app.log);
  await app.register(auditRoutes(ctx));
  await app.register(companyProfileRoutes(ctx));
  await app.register(audienceRoutes(ctx));
  await app.register(libraryRoutes(ctx));
  // The generator's actions on an item, served by its owner (the library) and written through it.
  await app.register(libraryActionRoutes(ctx, contentItemActions));
  await app.register(dashboardRoutes(ctx));
  // The Trash purge runs hourly on the job engine (an idempotent delete).
  defineTrashPurge(ctx, app.log);
  await app.register(proofRoutes(ctx));
  await app.register(glossaryRoutes(ctx));
  await app.register(campaignsRoutes(ctx));
  await app.register(kitRoutes(ctx));
  await app.register(tokensRoutes(ctx));
  defineKitQueues(ctx, checkKitAssets);
  defineIngestQueue(ctx);
  // Objects in the file store that no row refers to any more (decision 0050).
  defineStorageSweep(ctx, [uploadFileOwner(ctx), kitExportFileOwner(ctx)], app.log);
  // Signed webhooks: admin routes, and the delivery queue (decision 0046).
  await app.register(webhooksRoutes(ctx));
  defineWebhookQueue(ctx, app.log);
  // Single sign-on (decision 0048): the admin card's routes; sign-in is in the auth routes.
  await app.register(ssoRoutes(ctx));
  // Draft exports to WordPress, HubSpot and Webflow (decision 0049).
  await app.register(publishingRoutes(ctx));
  definePublishingQueue(ctx);
  // index.html names a signed-in first visit's data, so it loads beside the scripts.
  await registerWeb(app, config.webDist, { resolveUser });
  // Queues are defined by the modules above; the workers start once the app is ready, and stop
  // after requests and in-process work have drained (their jobs are taken over by another
  // process, or by this one after a restart). A `web` process only creates the queues it sends to.
  app.addHook("onReady", async () => {
    await ctx.jobEngine.start();
    if (ctx.jobEngine.runsJobs) {
      await scheduleTrashPurge(ctx);
      await scheduleStorageSweep(ctx);
    }
  });
  app.addHook("onClose", () => ctx.jobEngine.stop(JOB_ENGINE_STOP_MS));
  // Last, so it runs first on close: requests and background jobs end before the mailer, the
  // reference cache and (in main.ts, after close) the database.
  app.addHook("onClose", graceful.drain);

  return { app, ctx, routes };
}
