import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { DatabaseLockedError, openDatabase, type DatabaseHandle } from "./db/database";
import { waitForMigrations } from "./db/migration-lock";
import { ensureInitialAdmin } from "./modules/auth/auth.service";
import { prepareExamplesOnStart } from "./modules/examples/examples.startup";
import { startMetricsServer } from "./plugins/metrics";
import { aloneOnDatabase, prepareDatabase } from "./prepare-database";
import { describeDatabase, startupLine } from "./startup-line";

const here = path.dirname(fileURLToPath(import.meta.url));

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  // dist/main.js and src/main.ts both sit two levels below packages/.
  config.webDist ??= path.resolve(here, "../../web/dist");

  let database: DatabaseHandle;
  try {
    database = config.databaseUrl
      ? await openDatabase({ kind: "postgres", url: config.databaseUrl })
      : await openDatabase({ kind: "pglite", dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DatabaseLockedError) fail(error.message);
    throw error;
  }

  // Before the app's logger exists: plain lines a person reads.
  const say = (message: string) => console.log(message);
  // A failure from here on (a migration, a refused ADMIN_PASSWORD) still closes the database:
  // PGlite is checkpointed and the data directory's lock released.
  const { app, ctx } = await (async () => {
    // Migrations run once, under a lock, from a web (or all) process or `npm run migrate`; a
    // worker never migrates: it waits until the schema is current.
    if (config.role === "worker") await waitForMigrations(database.db, say);
    else await prepareDatabase(database, say);
    const built = await buildApp({ config, db: database.db, dbKind: database.kind });
    if (config.role !== "worker") {
      await aloneOnDatabase(database, say, () =>
        ensureInitialAdmin(built.ctx, config, (m) => built.app.log.info(m)),
      );
    }
    return built;
  })().catch(async (error: unknown) => {
    await database.close().catch(() => undefined);
    throw error;
  });

  // METRICS_PORT: the metrics on a port of their own (127.0.0.1 unless METRICS_HOST says otherwise).
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  const metricsPort = config.metrics.port;
  if (metricsPort !== undefined) {
    try {
      metricsServer = await startMetricsServer(ctx.metrics, {
        ...config.metrics,
        port: metricsPort,
      });
    } catch (error) {
      await database.close();
      fail(
        `Could not serve metrics on ${config.metrics.host}:${metricsPort}: ${(error as Error).message}`,
      );
    }
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    try {
      // close() stops accepting (503 to new requests), then waits, at most the grace period,
      // for requests still being answered (their clients may be gone) and background work
      // (plugins/graceful-close.ts). Only then is the database closed.
      await app.close();
      await metricsServer?.close();
      await database.close();
      app.log.info("stopped");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await metricsServer?.close();
    await database.close();
    fail(`Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
  }
  const bound = app.server.address();
  const listening =
    bound && typeof bound === "object"
      ? `${bound.address.includes(":") ? `[${bound.address}]` : bound.address}:${bound.port}`
      : String(bound);
  const databaseInWords = describeDatabase(config);
  const role = config.role;
  if (role !== "worker") {
    // Tracked: a SIGTERM during start-up must not close the database under its queries.
    const preparing = prepareExamplesOnStart(ctx, (m) => app.log.info(m));
    ctx.pendingWork.track("start-up examples check", preparing);
    await preparing;
  }
  app.log.info(
    { listening, database: databaseInWords, role, metrics: metricsServer?.address },
    "Content Studio is running",
  );
  if (config.logLevel !== "silent") {
    process.stdout.write(
      `${startupLine({
        baseUrl: config.baseUrl,
        listening,
        database: databaseInWords,
        role,
        metrics: metricsServer?.address,
      })}\n`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(
    `Content Studio failed to start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
