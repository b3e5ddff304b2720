import net from "node:net";
import path from "node:path";
import { z } from "zod";

/**
 * What TRUST_PROXY=true trusts besides the addresses in TRUSTED_PROXIES: a proxy on this host.
 * Never a whole private range: a client on the private network would then be a "proxy" and
 * could name its own address in X-Forwarded-For.
 */
export const LOCAL_PROXY = "loopback";

const isProxyAddress = (entry: string) => {
  if ((["loopback", "linklocal", "uniquelocal"] as string[]).includes(entry)) return true;
  return isAddressOrRange(entry);
};

const isAddressOrRange = (entry: string) => {
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/** false/no/0 = none; true/yes/1 = loopback + TRUSTED_PROXIES; else a comma-separated list. */
const trustedProxiesFromEnv = z
  .string()
  .transform((v): string[] | true => {
    const value = v.trim().toLowerCase();
    if (["false", "no", "0"].includes(value)) return [];
    if (["true", "yes", "1"].includes(value)) return true;
    return value.split(",").map((entry) => entry.trim());
  })
  .refine((entries) => entries === true || entries.every(isProxyAddress), {
    message: "must be true, false or a comma-separated list of proxy addresses or CIDR ranges",
  });

/** The operator's own proxies for TRUST_PROXY=true: addresses or CIDR ranges, comma-separated. */
const proxyListFromEnv = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
  )
  .refine((entries) => entries.every(isAddressOrRange), {
    message: "must be a comma-separated list of proxy addresses or CIDR ranges",
  });

const optionalNonEmpty = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

const PORT_RULE = "must be a whole number from 0 to 65535";

/** What one server process does: see {@link Config.role}. */
export type ServerRole = "web" | "worker" | "all";

const httpUrl = optionalNonEmpty.pipe(
  z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }).optional(),
);

/** Every environment variable the server reads, with its default. README.md lists the same table. */
const EnvSchema = z.object({
  PORT: z.coerce
    .number(PORT_RULE)
    .int(PORT_RULE)
    .min(0, PORT_RULE)
    .max(65535, PORT_RULE)
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  SERVER_ROLE: z
    .enum(["web", "worker", "all"], { error: "must be web, worker or all" })
    .default("all"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalNonEmpty.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
  ),
  BASE_URL: httpUrl,
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
  TRUST_PROXY: trustedProxiesFromEnv.default([]),
  TRUSTED_PROXIES: proxyListFromEnv.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  EXAMPLES_ROOT: z.string().min(1).default("./examples"),
  WEB_DIST: optionalNonEmpty,
  EXAMPLES_FETCH_ALLOW_ORIGINS: optionalNonEmpty,
  AWS_ACCESS_KEY_ID: optionalNonEmpty,
  AWS_SECRET_ACCESS_KEY: optionalNonEmpty,
  AWS_SESSION_TOKEN: optionalNonEmpty,
  OPENAI_API_KEY: optionalNonEmpty,
  OPENAI_BASE_URL: httpUrl,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalNonEmpty,
  GOOGLE_GENERATIVE_AI_BASE_URL: httpUrl,
  OPENAI_COMPATIBLE_BASE_URL: httpUrl,
  OPENAI_COMPATIBLE_MODEL: optionalNonEmpty.pipe(z.string().max(200).optional()),
  OPENAI_COMPATIBLE_API_KEY: optionalNonEmpty,
  SMTP_URL: optionalNonEmpty.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")
      .optional(),
  ),
  MAIL_FROM: optionalNonEmpty.pipe(z.string().max(300).optional()),
  GENERATION_RATE_LIMIT: z.coerce
    .number("must be a whole number from 1 to 100000")
    .int("must be a whole number from 1 to 100000")
    .min(1, "must be a whole number from 1 to 100000")
    .max(100_000, "must be a whole number from 1 to 100000")
    .default(20),
  METRICS_TOKEN: optionalNonEmpty.pipe(
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  METRICS_PORT: z.coerce
    .number(PORT_RULE)
    .int(PORT_RULE)
    .min(1, "must be a whole number from 1 to 65535")
    .max(65535, PORT_RULE)
    .optional(),
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  S3_ENDPOINT: httpUrl,
  S3_BUCKET: optionalNonEmpty.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name")
      .optional(),
  ),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalNonEmpty,
  S3_SECRET_ACCESS_KEY: optionalNonEmpty,
  STORAGE_INLINE_LIMIT_BYTES: z.coerce
    .number("must be a whole number of bytes from 0 to 104857600")
    .int("must be a whole number of bytes from 0 to 104857600")
    .min(0, "must be a whole number of bytes from 0 to 104857600")
    .max(100 * 1024 * 1024, "must be a whole number of bytes from 0 to 104857600")
    .default(5 * 1024 * 1024),
  KIT_CONCURRENCY: z.coerce
    .number("must be a whole number from 1 to 64")
    .int("must be a whole number from 1 to 64")
    .min(1, "must be a whole number from 1 to 64")
    .max(64, "must be a whole number from 1 to 64")
    .default(4),
});

export interface Config {
  /**
   * SERVER_ROLE: `web` serves HTTP and runs no jobs (it still writes them in its transactions),
   * `worker` runs jobs and serves only the health routes, `all` (default) does both. `web` and
   * `worker` need PostgreSQL: the embedded PGlite is one process only.
   */
  role: ServerRole;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseUrl: string;
  authSecret: string | undefined;
  admin: { email: string; password: string; name: string } | undefined;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /**
   * Addresses/CIDR ranges (or loopback, linklocal, uniquelocal) of the reverse proxies whose
   * X-Forwarded-For entries are believed; empty = none. TRUST_PROXY=true is loopback plus
   * TRUSTED_PROXIES, never a private range. X-Forwarded-For is read from the right
   * only while the hop is a trusted proxy, so entries a client writes itself never become
   * `request.ip`.
   */
  trustProxy: string[];
  logLevel: string;
  examplesRoot: string;
  webDist: string | undefined;
  /** Origins an archive URL may be fetched from over http or on a private address (mirrors, tests). */
  fetchAllowOrigins: string[];
  /** S3 credentials from the environment; never stored or returned. */
  s3Credentials:
    { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  ai: AiConfig;
  /**
   * Per-user limit on calls that reach an AI provider (generate, optimize, repurpose,
   * visualize) per 10-minute window. The built-in writer allows 5x as many.
   */
  generationRateLimit: number;
  /**
   * How many campaign-kit cells may be written at once per AI provider, across every process
   * (KIT_CONCURRENCY, default 4): each cell makes one provider call at a time.
   */
  kitConcurrency: number;
  /**
   * The cap on example searches running at once in this process and the fair queue before it
   * (see `FairQueue`). `concurrency` undefined: 2 on PGlite (one connection that runs every
   * statement in turn, so more only lengthens the line in front of everything else, such as
   * /api/health), 4 on PostgreSQL (a pool of 10).
   */
  exampleSearch: { concurrency: number | undefined; maxWaitingPerUser: number; maxWaiting: number };
  /**
   * Outgoing mail (password reset links), from SMTP_URL and MAIL_FROM; undefined when not set
   * (then an administrator resets passwords). The URL may hold credentials: never logged.
   */
  mail: { smtpUrl: string; from: string } | undefined;
  /**
   * GET /metrics (Prometheus): `token` (METRICS_TOKEN) is the bearer token it asks for; without
   * one it answers 404. `port` (METRICS_PORT) serves the same metrics on a port of their own,
   * bound to `host` (METRICS_HOST, default 127.0.0.1), asking for the token only when one is set.
   */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /**
   * The first wait before a mail the server refused is tried again (seconds, default 30); it
   * doubles with each of the 5 retries (tests shorten it).
   */
  mailRetryDelaySeconds: number;
  /** Webhook delivery (decision 0046); tests shorten the schedule and the timeout. */
  webhooks: WebhookDeliveryConfig;
  /** Draft exports to WordPress, HubSpot and Webflow (decision 0049); tests point them at fakes. */
  publishing: PublishingConfig;
  /** Where uploads and exports above the inline limit are kept (decision 0050). */
  storage: StorageConfig;
}

/**
 * Files above `inlineLimitBytes` (STORAGE_INLINE_LIMIT_BYTES, default 5 MiB) go to the S3
 * bucket when S3_BUCKET is set, else to `directory`; files at or below it, and every file
 * when there is neither, stay in the database.
 */
export interface StorageConfig {
  inlineLimitBytes: number;
  /**
   * S3_ENDPOINT (any S3-compatible store; path-style addressing), S3_BUCKET, S3_REGION, and
   * S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY (else AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, else
   * the SDK's own chain, e.g. an instance role). Never logged.
   */
  s3:
    | {
        endpoint: string | undefined;
        bucket: string;
        region: string;
        credentials:
          { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
      }
    | undefined;
  /**
   * `DATA_DIR/objects` without S3 when one process owns the files: the embedded database, or
   * PostgreSQL with SERVER_ROLE=all. Undefined for separate web and worker processes without
   * S3 (a web process's disk is not the worker's), and in tests unless they set one.
   */
  directory: string | undefined;
}

export interface PublishingConfig {
  /** Wait before each retry of a failed export (ms), or the target's Retry-After when longer. */
  retryScheduleMs: number[];
  /** One call's limit, from connecting to the last byte of the answer. */
  timeoutMs: number;
  /** HubSpot's API origin (https://api.hubapi.com). */
  hubspotApiUrl: string;
  /** Webflow's Data API origin (https://api.webflow.com). */
  webflowApiUrl: string;
}

export const DEFAULT_PUBLISHING: PublishingConfig = {
  retryScheduleMs: [5_000, 60_000, 300_000, 1_800_000],
  timeoutMs: 20_000,
  hubspotApiUrl: "https://api.hubapi.com",
  webflowApiUrl: "https://api.webflow.com",
};

export interface WebhookDeliveryConfig {
  /**
   * Wait before each attempt after a failure (ms): the Standard Webhooks schedule (immediately,
   * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), then three more 14 h waits so a receiver has
   * about three days (69.6 hours of waits) to come back; each wait with up to 20% jitter.
   */
  retryScheduleMs: number[];
  /** One attempt's limit, from connecting to the last byte of the answer. */
  timeoutMs: number;
  /** An endpoint whose last this-many attempts within 24 hours all failed is switched off. */
  disableAfterFailures: number;
}

const HOUR_MS = 3_600_000;

export const DEFAULT_WEBHOOK_DELIVERY: WebhookDeliveryConfig = {
  retryScheduleMs: [
    5_000,
    300_000,
    1_800_000,
    2 * HOUR_MS,
    5 * HOUR_MS,
    10 * HOUR_MS,
    10 * HOUR_MS,
    14 * HOUR_MS,
    14 * HOUR_MS,
    14 * HOUR_MS,
  ],
  timeoutMs: 15_000,
  disableAfterFailures: 20,
};

/**
 * AI providers. Keys come only from the environment: never stored, returned or logged
 * (the logger redacts `*.apiKey`). Base URLs are for proxies and loopback test servers.
 */
export interface AiConfig {
  openai: { apiKey: string | undefined; baseUrl: string | undefined };
  google: { apiKey: string | undefined; baseUrl: string | undefined };
  /** Any OpenAI-compatible chat/completions server; set when its base URL and model are. */
  compatible: { baseUrl: string; model: string; apiKey: string | undefined } | undefined;
  /** Per-call limits of the LLM writers (tests shorten them). */
  limits: AiCallLimits;
}

export interface AiCallLimits {
  /** Whole call, retries and waits included. */
  totalTimeoutMs: number;
  /** Longest silence between streamed chunks (and before the first one). */
  idleTimeoutMs: number;
  /** Retries after a 429, 5xx or network failure. */
  maxRetries: number;
  /** Longest wait before a retry; a provider asking for more fails at once. */
  maxRetryWaitMs: number;
  /** First backoff when the provider names no delay; doubles per retry. */
  retryBaseDelayMs: number;
  /**
   * Whole editor's review of one quality check (default 20 s: a check answers within the
   * 30 s request timeout); past it the check answers with the deterministic score alone.
   */
  reviewTimeoutMs?: number;
}

export const DEFAULT_AI_CALL_LIMITS: AiCallLimits = {
  totalTimeoutMs: 90_000,
  idleTimeoutMs: 20_000,
  maxRetries: 2,
  maxRetryWaitMs: 20_000,
  retryBaseDelayMs: 1_000,
  reviewTimeoutMs: 20_000,
};

export class ConfigError extends Error {}

/** Reads and validates configuration; throws ConfigError with one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable (`PORT=` in a .env file) counts as unset, not as 0 or "".
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? "is invalid"}.`);
  }
  const e = parsed.data;
  for (const origin of (e.EXAMPLES_FETCH_ALLOW_ORIGINS ?? "").split(",").filter((o) => o.trim())) {
    if (!URL.canParse(origin.trim())) {
      throw new ConfigError(
        "Invalid configuration: EXAMPLES_FETCH_ALLOW_ORIGINS must be a comma-separated list of origins.",
      );
    }
  }
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(
      "Invalid configuration: ADMIN_EMAIL and ADMIN_PASSWORD must be set together.",
    );
  }
  if ((e.OPENAI_COMPATIBLE_BASE_URL === undefined) !== (e.OPENAI_COMPATIBLE_MODEL === undefined)) {
    throw new ConfigError(
      "Invalid configuration: OPENAI_COMPATIBLE_BASE_URL and OPENAI_COMPATIBLE_MODEL must be set together.",
    );
  }
  if (e.TRUSTED_PROXIES !== undefined && e.TRUST_PROXY !== true) {
    throw new ConfigError("Invalid configuration: TRUSTED_PROXIES needs TRUST_PROXY=true.");
  }
  if ((e.SMTP_URL === undefined) !== (e.MAIL_FROM === undefined)) {
    throw new ConfigError("Invalid configuration: SMTP_URL and MAIL_FROM must be set together.");
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.",
    );
  }
  if (e.S3_BUCKET === undefined && e.S3_ENDPOINT !== undefined) {
    throw new ConfigError("Invalid configuration: S3_ENDPOINT needs S3_BUCKET.");
  }
  if (e.SERVER_ROLE !== "all" && e.DATABASE_URL === undefined) {
    throw new ConfigError(
      `SERVER_ROLE=${e.SERVER_ROLE} needs PostgreSQL: the embedded database (PGlite) can be opened by one process only, so set DATABASE_URL to a PostgreSQL server for separate web and worker processes, or use SERVER_ROLE=all (the default) to run everything in this one process.`,
    );
  }
  const s3Credentials =
    e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
      ? {
          accessKeyId: e.AWS_ACCESS_KEY_ID,
          secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
          ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
        }
      : undefined;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    role: e.SERVER_ROLE,
    port: e.PORT,
    host: e.HOST,
    dataDir,
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
    trustProxy:
      e.TRUST_PROXY === true ? [LOCAL_PROXY, ...(e.TRUSTED_PROXIES ?? [])] : e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    examplesRoot: path.resolve(e.EXAMPLES_ROOT),
    webDist: e.WEB_DIST,
    fetchAllowOrigins: (e.EXAMPLES_FETCH_ALLOW_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    s3Credentials,
    ai: {
      openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL?.replace(/\/$/, "") },
      google: {
        apiKey: e.GOOGLE_GENERATIVE_AI_API_KEY,
        baseUrl: e.GOOGLE_GENERATIVE_AI_BASE_URL?.replace(/\/$/, ""),
      },
      compatible:
        e.OPENAI_COMPATIBLE_BASE_URL && e.OPENAI_COMPATIBLE_MODEL
          ? {
              baseUrl: e.OPENAI_COMPATIBLE_BASE_URL.replace(/\/$/, ""),
              model: e.OPENAI_COMPATIBLE_MODEL,
              apiKey: e.OPENAI_COMPATIBLE_API_KEY,
            }
          : undefined,
      limits: { ...DEFAULT_AI_CALL_LIMITS },
    },
    generationRateLimit: e.GENERATION_RATE_LIMIT,
    kitConcurrency: e.KIT_CONCURRENCY,
    exampleSearch: { concurrency: undefined, maxWaitingPerUser: 24, maxWaiting: 96 },
    mail: e.SMTP_URL && e.MAIL_FROM ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM } : undefined,
    mailRetryDelaySeconds: 30,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    webhooks: { ...DEFAULT_WEBHOOK_DELIVERY },
    publishing: { ...DEFAULT_PUBLISHING },
    storage: {
      inlineLimitBytes: e.STORAGE_INLINE_LIMIT_BYTES,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT?.replace(/\/$/, ""),
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : s3Credentials,
          }
        : undefined,
      directory:
        e.S3_BUCKET === undefined && (e.DATABASE_URL === undefined || e.SERVER_ROLE === "all")
          ? path.join(dataDir, "objects")
          : undefined,
    },
  };
}
