import fs from "node:fs";
import path from "node:path";
import { CORE_SCHEMA, load as loadYaml, mergeTag } from "js-yaml";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { repoRoot } from "./support/server-process";

/**
 * The Dockerfile and docker-compose.yml, read as files: Docker cannot run on the machines the
 * tests run on (no daemon, no registry), so what can be checked without it is checked here.
 */

interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: unknown;
}

// Compose reads YAML merge keys (`<<: *app-env`), which YAML 1.2's core schema leaves out.
const compose = loadYaml(fs.readFileSync(path.join(repoRoot, "docker-compose.yml"), "utf8"), {
  schema: CORE_SCHEMA.withTags(mergeTag),
}) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const dockerfile = fs.readFileSync(path.join(repoRoot, "Dockerfile"), "utf8");

/** Compose's variable syntax with a value for each: `${X:-default}` → default, `${X:?…}` → a sample. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op, rest: string) => {
    if (op === "-") return rest;
    return name === "AUTH_SECRET" ? "a".repeat(40) : `sample-${name.toLowerCase()}`;
  });
}

const appServices = () =>
  Object.entries(compose.services).filter(([, s]) => s.environment?.DATABASE_URL !== undefined);

describe("docker-compose.yml", () => {
  it("runs PostgreSQL, an S3-compatible store, two web processes and one worker of one image", () => {
    const roles = Object.fromEntries(
      appServices().map(([name, s]) => [name, s.environment?.SERVER_ROLE ?? "(migrate)"]),
    );
    expect(roles).toEqual({
      migrate: "(migrate)",
      "web-1": "web",
      "web-2": "web",
      worker: "worker",
    });
    expect(compose.services.postgres?.image).toMatch(/^postgres:/);
    expect(compose.services.minio?.image).toMatch(/^minio\/minio/);
    const images = new Set(appServices().map(([, s]) => s.image));
    expect(images.size).toBe(1);
    for (const [name, service] of appServices()) {
      expect(service.build, name).toBe(".");
      expect(service.depends_on, name).toBeDefined();
    }
  });

  it("migrates once, before any web or worker process starts", () => {
    expect(compose.services.migrate?.command).toEqual(["node", "packages/server/dist/migrate.js"]);
    for (const name of ["web-1", "web-2", "worker"]) {
      expect(compose.services[name]?.depends_on?.migrate?.condition).toBe(
        "service_completed_successfully",
      );
    }
    expect(compose.services.migrate?.depends_on?.postgres?.condition).toBe("service_healthy");
  });

  it("gives every process an environment the server accepts, on the compose file's services", () => {
    for (const [name, service] of appServices()) {
      const env = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]),
      );
      const config = loadConfig(env);
      const db = new URL(config.databaseUrl!);
      expect(db.hostname, name).toBe("postgres");
      expect(compose.services[db.hostname], name).toBeDefined();
      expect(new URL(env.S3_ENDPOINT!).hostname, name).toBe("minio");
      expect(config.s3Credentials, name).toBeDefined();
      expect(config.authSecret, name).toHaveLength(40);
      expect(env.METRICS_TOKEN, name).toBeTruthy();
    }
  });
});

describe("Dockerfile", () => {
  const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gm)];

  it("builds in stages on Node 20 and runs the built server as a user that is not root", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    const runtime = dockerfile.slice(stages.at(-1)!.index);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/chromium/i);
    expect(runtime).not.toMatch(/^RUN .*npm (ci|install)(?!.*--omit=dev)/m);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/^CMD \["node", "packages\/server\/dist\/main\.js"\]$/m);
    expect(runtime).toMatch(/HEALTHCHECK[\s\S]*\/api\/health\/live/);
  });

  it("copies from the build context only what exists there", () => {
    const sources = [...dockerfile.matchAll(/^COPY (?!--from)(?:--\S+ )*(\S+) /gm)].map(
      (m) => m[1]!,
    );
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) {
      expect(fs.existsSync(path.join(repoRoot, source)), source).toBe(true);
    }
  });
});
