import path from "node:path";
import { z } from "zod";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

const optionalNonEmpty = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

/** Every environment variable the server reads, with its default. README.md lists the same table. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalNonEmpty.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  BASE_URL: optionalNonEmpty.pipe(z.url("must be an absolute http(s) URL").optional()),
  AUTH_SECRET: optionalNonEmpty.pipe(
    z.string().min(32, "must be at least 32 characters").optional(),
  ),
  ADMIN_EMAIL: optionalNonEmpty.pipe(z.email("must be an email address").optional()),
  ADMIN_PASSWORD: optionalNonEmpty,
  ADMIN_NAME: optionalNonEmpty,
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  TRUST_PROXY: booleanFromEnv.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  EXAMPLES_ROOT: z.string().min(1).default("./examples"),
  WEB_DIST: optionalNonEmpty,
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseUrl: string;
  authSecret: string | undefined;
  admin: { email: string; password: string; name: string } | undefined;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  trustProxy: boolean;
  logLevel: string;
  examplesRoot: string;
  webDist: string | undefined;
}

export class ConfigError extends Error {}

/** Reads and validates configuration; throws ConfigError with one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}.`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      "Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together.",
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    authSecret: e.AUTH_SECRET,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? {
            email: e.ADMIN_EMAIL,
            password: e.ADMIN_PASSWORD,
            name: e.ADMIN_NAME ?? "Administrator",
          }
        : undefined,
    sessionIdleSeconds: Math.round(e.SESSION_IDLE_HOURS * 3600),
    sessionAbsoluteSeconds: Math.round(e.SESSION_ABSOLUTE_HOURS * 3600),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    examplesRoot: path.resolve(e.EXAMPLES_ROOT),
    webDist: e.WEB_DIST,
  };
}
