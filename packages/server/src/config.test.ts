import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe("loadConfig", () => {
  it("applies the defaults", () => {
    // toMatchObject: feature modules add their own settings.
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      baseUrl: "http://localhost:3000",
      authSecret: undefined,
      admin: undefined,
      sessionIdleSeconds: 12 * 3600,
      sessionAbsoluteSeconds: 7 * 24 * 3600,
      trustProxy: [],
      logLevel: "info",
      examplesRoot: path.resolve("./examples"),
      role: "all",
    });
    expect(loadConfig({}).webDist).toBeUndefined();
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/cs",
      DATABASE_URL: "postgresql://cs@db/cs",
      BASE_URL: "https://cs.example.com/",
      AUTH_SECRET: "s".repeat(32),
      ADMIN_EMAIL: "ops@example.com",
      ADMIN_PASSWORD: "Sturdy-Test-Passphrase-42",
      SESSION_IDLE_HOURS: "0.5",
      SESSION_ABSOLUTE_HOURS: "48",
      TRUST_PROXY: "10.0.0.0/8, loopback",
      LOG_LEVEL: "warn",
      EXAMPLES_ROOT: "/srv/examples",
      WEB_DIST: "/srv/web",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/cs",
      databaseUrl: "postgresql://cs@db/cs",
      baseUrl: "https://cs.example.com",
      authSecret: "s".repeat(32),
      admin: {
        email: "ops@example.com",
        password: "Sturdy-Test-Passphrase-42",
        name: "Administrator",
      },
      sessionIdleSeconds: 1800,
      sessionAbsoluteSeconds: 48 * 3600,
      trustProxy: ["10.0.0.0/8", "loopback"],
      logLevel: "warn",
      examplesRoot: "/srv/examples",
      webDist: "/srv/web",
    });
  });

  it("derives BASE_URL from PORT when unset", () => {
    expect(loadConfig({ PORT: "4100" }).baseUrl).toBe("http://localhost:4100");
  });

  it("treats an empty variable as unset", () => {
    const config = loadConfig({ PORT: "", DATABASE_URL: " ", BASE_URL: "", TRUST_PROXY: "" });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.baseUrl).toBe("http://localhost:3000");
    expect(config.trustProxy).toEqual([]);
  });

  it.each([
    ["true", ["loopback"]],
    ["1", ["loopback"]],
    ["false", []],
    ["0", []],
    ["192.168.1.10", ["192.168.1.10"]],
    ["::1,fd00::/8", ["::1", "fd00::/8"]],
  ])("reads TRUST_PROXY=%s", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it("trusts only loopback and the listed proxies with TRUST_PROXY=true, never a private range", () => {
    const config = loadConfig({ TRUST_PROXY: "true", TRUSTED_PROXIES: "10.0.0.5, fd00::1/128" });
    expect(config.trustProxy).toEqual(["loopback", "10.0.0.5", "fd00::1/128"]);
    expect(config.trustProxy).not.toContain("uniquelocal");
    expect(config.trustProxy).not.toContain("linklocal");
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ TRUST_PROXY: "true", TRUSTED_PROXIES: "uniquelocal" }, "TRUSTED_PROXIES"],
    [{ TRUST_PROXY: "true", TRUSTED_PROXIES: "10.0.0.0/33" }, "TRUSTED_PROXIES"],
    [{ TRUSTED_PROXIES: "10.0.0.5" }, "TRUSTED_PROXIES"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "80.5" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ BASE_URL: "notaurl" }, "BASE_URL"],
    [{ BASE_URL: "ftp://files.example.com" }, "BASE_URL"],
    [{ AUTH_SECRET: "too-short" }, "AUTH_SECRET"],
    [{ ADMIN_EMAIL: "ops@example.com" }, "ADMIN_EMAIL"],
    [{ ADMIN_PASSWORD: "Sturdy-Test-Passphrase-42" }, "ADMIN_EMAIL"],
    [{ ADMIN_EMAIL: "not-an-email", ADMIN_PASSWORD: "x".repeat(12) }, "ADMIN_EMAIL"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ SESSION_IDLE_HOURS: "-1" }, "SESSION_IDLE_HOURS"],
    [{ SESSION_ABSOLUTE_HOURS: "forever" }, "SESSION_ABSOLUTE_HOURS"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ TRUST_PROXY: "10.0.0.0/99" }, "TRUST_PROXY"],
  ])("refuses %j with one line naming %s", (env, variable) => {
    const error = configError(env);
    expect(error.message).toMatch(new RegExp(`^Invalid configuration: ${variable}\\b`));
    expect(error.message).not.toContain("\n");
    expect(error.message.length).toBeLessThan(200);
  });

  it("reads the metrics settings: no token, no port, 127.0.0.1 by default", () => {
    expect(loadConfig({}).metrics).toEqual({
      token: undefined,
      port: undefined,
      host: "127.0.0.1",
    });
    expect(
      loadConfig({
        METRICS_TOKEN: "a-metrics-token-of-32-characters",
        METRICS_PORT: "9464",
        METRICS_HOST: "0.0.0.0",
      }).metrics,
    ).toEqual({ token: "a-metrics-token-of-32-characters", port: 9464, host: "0.0.0.0" });
    expect(configError({ METRICS_TOKEN: "short" }).message).toBe(
      "Invalid configuration: METRICS_TOKEN must be at least 16 characters.",
    );
    expect(configError({ METRICS_PORT: "0" }).message).toBe(
      "Invalid configuration: METRICS_PORT must be a whole number from 1 to 65535.",
    );
  });

  it("explains the AUTH_SECRET rule", () => {
    expect(configError({ AUTH_SECRET: "short" }).message).toBe(
      "Invalid configuration: AUTH_SECRET must be at least 32 characters.",
    );
  });

  it("names the variable of the first problem only", () => {
    const message = configError({ PORT: "abc", LOG_LEVEL: "loud" }).message;
    expect(message).toMatch(/^Invalid configuration: PORT /);
    expect(message).not.toContain("LOG_LEVEL");
  });

  it("reads SERVER_ROLE: web and worker need PostgreSQL, anything else is refused", () => {
    const url = "postgres://cs@db/cs";
    for (const role of ["web", "worker", "all"] as const) {
      expect(loadConfig({ SERVER_ROLE: role, DATABASE_URL: url }).role).toBe(role);
    }
    expect(loadConfig({ SERVER_ROLE: "all" }).role).toBe("all");
    expect(configError({ SERVER_ROLE: "web" }).message).toBe(
      "SERVER_ROLE=web needs PostgreSQL: the embedded database (PGlite) can be opened by one process only, so set DATABASE_URL to a PostgreSQL server for separate web and worker processes, or use SERVER_ROLE=all (the default) to run everything in this one process.",
    );
    expect(configError({ SERVER_ROLE: "jobs", DATABASE_URL: url }).message).toBe(
      "Invalid configuration: SERVER_ROLE must be web, worker or all.",
    );
  });
});
