import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { afterAll, beforeAll, inject, type ProvidedContext } from "vitest";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Role } from "@content-studio/contract";
import { buildApp, type BuiltApp } from "../src/app";
import { loadConfig, type Config } from "../src/config";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../src/db/database";
import { seedReferenceData } from "../src/db/seed/seed";
import { seedProofFacts } from "../src/modules/proof/proof.service";
import type { Database } from "../src/db/types";
import { createAccount } from "../src/modules/users/users.service";
import { newDatabase } from "./postgres-template";
import "./server-bundle";

export const TEST_DB: "pglite" | "postgres" =
  process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

export interface TestDatabase extends DatabaseHandle {
  /** Closes, and drops the database (PostgreSQL). */
  destroy(): Promise<void>;
  /** The database's URL (PostgreSQL): for a second connection or instance on it. */
  url?: string;
}

/**
 * A fresh, migrated, seeded database: in-memory PGlite, or a database of its own on the
 * PostgreSQL server named by TEST_DATABASE_URL (each test file gets its own). Both are copies of
 * the run's migrated templates when the project's global setup made them. `migrate: false`
 * leaves it empty (and unseeded), for tests of one migration.
 */
export async function createTestDatabase(
  options: { seed?: boolean; migrate?: boolean } = {},
): Promise<TestDatabase> {
  if (process.env.TEST_DB === "none") {
    throw new Error(
      "This test file runs in the project without a database (vitest.config.ts decides by what it imports); reach the database through test/helper or test/support so that it runs on PGlite and PostgreSQL.",
    );
  }
  const migrate = options.migrate !== false;
  const seed = migrate && options.seed !== false;
  let handle: DatabaseHandle;
  let fromTemplate = false;
  let drop = async () => {};
  let url: string | undefined;
  if (TEST_DB === "postgres") {
    const templates = provided("postgresTemplates");
    const template = !migrate ? undefined : seed ? templates?.seeded : templates?.migrated;
    ({ url, drop } = await newDatabase("cs_t", templates?.run, template));
    handle = await openDatabase({ kind: "postgres", url, poolSize: 5 });
    fromTemplate = template !== undefined;
  } else if (migrate && pgliteTemplate(seed)) {
    // Migrated (and seeded) already: loaded from the run's dump (test/pglite-template.ts).
    const pglite = await PGlite.create({
      loadDataDir: new Blob([fs.readFileSync(pgliteTemplate(seed)!)]),
      extensions: { pg_trgm },
    });
    handle = await openDatabase({ kind: "pglite", pglite });
    fromTemplate = true;
  } else {
    handle = await openDatabase({ kind: "pglite" });
  }
  if (migrate && !fromTemplate) await migrateToLatest(handle.db);
  if (seed && !fromTemplate) {
    await seedReferenceData(handle.db);
    await seedProofFacts(handle.db);
  }
  return {
    ...handle,
    url,
    destroy: async () => {
      await handle.close();
      await drop();
    },
  };
}

/**
 * The run's PGlite dump, seeded or only migrated, when the global setup made them (not under
 * the PostgreSQL project).
 */
function pgliteTemplate(seeded: boolean): string | undefined {
  const file = provided("pgliteTemplates")?.[seeded ? "seeded" : "migrated"];
  return file && fs.existsSync(file) ? file : undefined;
}

/** What the project's global setups provided, if they ran (test/*-template.ts,
 * test/server-bundle.ts). */
export function provided<K extends keyof ProvidedContext>(key: K): ProvidedContext[K] | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: "/nonexistent",
    EXAMPLES_ROOT: "./examples",
  });
  return {
    ...base,
    // An in-memory database keeps every file in it unless a test names a directory or S3.
    storage: { ...base.storage, directory: undefined },
    ...overrides,
  };
}

export interface TestApp extends BuiltApp {
  database: TestDatabase;
  db: Kysely<Database>;
  /** Creates a user with the role and returns a signed-in agent for it. */
  signInAs(
    role: Role,
    overrides?: { email?: string; password?: string; name?: string },
  ): Promise<Agent>;
  anonymous: Agent;
  close(): Promise<void>;
}

let userCounter = 0;

/**
 * Builds the app on a fresh database. Call close() in afterAll. `logger`: pino options (e.g. a
 * `stream` a test reads its log lines from); none by default.
 */
export async function buildTestApp(
  options: { config?: Partial<Config>; seed?: boolean; logger?: object } = {},
): Promise<TestApp> {
  const database = await createTestDatabase({ seed: options.seed });
  const built = await buildApp({
    config: testConfig(options.config),
    db: database.db,
    dbKind: database.kind,
    logger: options.logger ?? (process.env.TEST_LOG ? { level: "error" } : false),
  });
  await built.app.ready();
  const signInAs: TestApp["signInAs"] = async (role, overrides = {}) => {
    userCounter += 1;
    const email =
      overrides.email ?? `${role}${userCounter}-${randomBytes(3).toString("hex")}@example.test`;
    const password = overrides.password ?? "Sturdy-Test-Passphrase-42";
    await createAccount(database.db, built.ctx.auth, {
      name: overrides.name ?? `${role} user ${userCounter}`,
      email,
      password,
      role,
    });
    const agent = new Agent(built.app);
    // Each signed-in test user comes from its own address, so a file that signs in many users
    // never runs into the per-IP sign-in limit meant for one client.
    const res = await agent.request({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email, password },
      remoteAddress: `10.200.${Math.floor(userCounter / 250) % 250}.${(userCounter % 250) + 1}`,
    });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
    return agent;
  };
  return {
    ...built,
    database,
    db: database.db,
    signInAs,
    anonymous: new Agent(built.app),
    close: async () => {
      await built.app.close();
      await database.destroy();
    },
  };
}

/**
 * A second instance of the app on the same database (as a second server process would be),
 * ready for `use`, and closed after it.
 */
export async function withSecondInstance<T>(
  t: TestApp,
  use: (second: BuiltApp) => Promise<T>,
): Promise<T> {
  const second = await buildApp({
    config: testConfig(),
    db: t.db,
    dbKind: t.database.kind,
    logger: false,
  });
  try {
    await second.app.ready();
    return await use(second);
  } finally {
    await second.app.close();
  }
}

/**
 * Builds the app and signs in one agent per role named, one at a time and in that order:
 * `[t, viewer, admin] = await buildTestAppAs(["viewer", "admin"])` in a file's beforeAll.
 */
export async function buildTestAppAs<const R extends readonly Role[]>(
  roles: R,
  options: Parameters<typeof buildTestApp>[0] = {},
): Promise<[TestApp, ...{ [K in keyof R]: Agent }]> {
  const t = await buildTestApp(options);
  return [t, ...(await signInEach(t, roles))];
}

/** One signed-in agent per role named, signed in one at a time and in that order. */
export async function signInEach<const R extends readonly Role[]>(
  t: TestApp,
  roles: R,
): Promise<{ [K in keyof R]: Agent }> {
  const agents: Agent[] = [];
  for (const role of roles) agents.push(await t.signInAs(role));
  return agents as { [K in keyof R]: Agent };
}

/**
 * `useTestAppAs(["viewer", "admin"])` in a describe block (or at a file's top level): builds the
 * app and signs in the agents as buildTestAppAs does in a beforeAll, and closes the app in an
 * afterAll. Returns stand-ins for the app and agents (see useBuilt).
 */
export function useTestAppAs<const R extends readonly Role[]>(
  roles: R,
  options: Parameters<typeof buildTestApp>[0] = {},
): [TestApp, ...{ [K in keyof R]: Agent }] {
  return useBuilt(
    ["the test app", ...roles.map((role) => `the ${role} agent`)],
    () => buildTestAppAs(roles, options),
    ([t]) => t.close(),
  );
}

/**
 * Registers a beforeAll that builds a list of objects and an afterAll that closes them, and
 * returns stand-ins for the list's items (see standIn) that reach the real ones once the
 * beforeAll has run: use them in tests and hooks, not while the block is being collected.
 * `names` name the items in the error for a use before then.
 */
export function useBuilt<T extends object[]>(
  names: readonly string[],
  build: () => Promise<T>,
  close: (built: T) => Promise<void>,
): T {
  let built: T | undefined;
  beforeAll(async () => {
    built = await build();
  });
  afterAll(() => (built === undefined ? undefined : close(built)));
  return names.map((name, i) => standIn(() => built?.[i], name)) as T;
}

/** useTestAppAs with no agents: the app alone, built before the block's tests and closed after. */
export function useTestApp(options: Parameters<typeof buildTestApp>[0] = {}): TestApp {
  return useTestAppAs([], options)[0];
}

/**
 * An object that stands in for the one `current` returns: each property read (a method comes
 * bound to the real object), write and key lookup goes to it. Using it before `current` has one
 * throws, naming `what`.
 */
export function standIn<T extends object>(current: () => T | undefined, what: string): T {
  const real = (): T => {
    const value = current();
    if (value === undefined) throw new Error(`${what} is used before its beforeAll has run`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const target = real();
      const value: unknown = Reflect.get(target, key);
      return typeof value === "function"
        ? (value as (...args: unknown[]) => unknown).bind(target)
        : value;
    },
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(real(), key),
  });
}

/** A cookie-keeping client over app.inject(), like a browser tab. */
export class Agent {
  private cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = { ...(options.headers ?? {}) } as Record<string, string>;
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader;
    const res = await this.app.inject({ ...options, headers });
    const setCookie = res.headers["set-cookie"];
    for (const line of [setCookie ?? []].flat()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: "GET", url, headers });
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.send("POST", url, body, headers);
  }
  patch(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.send("PATCH", url, body, headers);
  }
  put(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.send("PUT", url, body, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request({ method: "DELETE", url, headers });
  }
  private send(
    method: "POST" | "PATCH" | "PUT",
    url: string,
    body: unknown,
    headers: Record<string, string> | undefined,
  ) {
    return this.request({ method, url, payload: body as InjectOptions["payload"], headers });
  }
}

export { sql };
