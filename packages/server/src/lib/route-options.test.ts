import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cachedAnswer, type CachedAnswer } from "./answer-cache";
import { deletedAfter, jsonRoutes, nullAfter, routeOptions } from "./route-options";

const named = { operationId: "doIt", summary: "Do it", tags: ["test"] };

describe("routeOptions", () => {
  it("answers success with 201 or 202 when the schema answers that and no 200", async () => {
    for (const status of [201, 202] as const) {
      const options = routeOptions("editor", { ...named, response: { [status]: z.null() } });
      const reply = { statusCode: 200 };
      await options.preHandler?.(undefined, reply);
      expect(reply.statusCode).toBe(status);
    }
  });

  it("leaves the status to Fastify when the schema answers 200 or declares no answers", () => {
    const both = { ...named, response: { 200: z.null(), 202: z.null() } };
    expect(routeOptions("viewer", both).preHandler).toBeUndefined();
    expect(routeOptions("viewer", named).preHandler).toBeUndefined();
    expect(routeOptions("viewer", both).config).toEqual({ access: "viewer" });
  });
});

describe("jsonRoutes", () => {
  it("declares a route under the module's tags and least role, and answers run's data in the envelope", async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const declared: { access?: string; schema?: unknown }[] = [];
    app.addHook("onRoute", (route) => {
      if (route.method !== "HEAD")
        declared.push({ access: route.config?.access, schema: route.schema });
    });
    app.addHook("onRequest", async (request) => {
      request.user = { id: "u1", name: "Ada", email: "ada@example.com", role: "editor" };
    });
    const route = jsonRoutes(app, { tags: ["things"], access: "editor" });
    route.post("/api/things/:id", {
      access: "admin",
      operationId: "makeThing",
      summary: "Make a thing",
      params: z.object({ id: z.string() }),
      answers: z.object({ id: z.string(), by: z.string() }),
      status: 201,
      run: ({ params }, actor) => ({ id: params.id, by: actor.name }),
    });
    route.get("/api/things", {
      operationId: "listThings",
      summary: "List things",
      answers: z.array(z.string()),
      run: async () => ["a"],
    });
    await app.ready();

    expect(declared.map((d) => d.access)).toEqual(["admin", "editor"]);
    expect(declared[0]!.schema).toMatchObject({
      operationId: "makeThing",
      summary: "Make a thing",
      tags: ["things"],
    });
    expect(Object.keys((declared[0]!.schema as { response: object }).response)).toEqual(["201"]);
    const made = await app.inject({ method: "POST", url: "/api/things/t1" });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({ success: true, data: { id: "t1", by: "Ada" } });
    const listed = await app.inject({ method: "GET", url: "/api/things" });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({ success: true, data: ["a"] });
    await app.close();
  });
});

/** An app that validates and serialises with the contract's zod schemas, signed in as `user`. */
function testApp(user: { role: "viewer" | "editor" } | null) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    request.user = user && { id: "u1", name: "Ada", email: "ada@example.com", ...user };
  });
  return app;
}

describe("jsonRoutes of a public module", () => {
  it("gives run the caller or null, and adds the route's flags to its config", async () => {
    for (const user of [{ role: "viewer" as const }, null]) {
      const app = testApp(user);
      const configs: unknown[] = [];
      app.addHook("onRoute", (route) => {
        if (route.method !== "HEAD") configs.push(route.config);
      });
      jsonRoutes(app, { tags: ["auth"], access: "public" }).get("/api/who", {
        config: { readsSession: true },
        operationId: "who",
        summary: "Who calls",
        answers: z.object({ name: z.string().nullable() }),
        run: (_request, caller) => ({ name: caller?.name ?? null }),
      });
      await app.ready();
      expect(configs).toEqual([{ access: "public", readsSession: true }]);
      const res = await app.inject({ method: "GET", url: "/api/who" });
      expect(res.json()).toEqual({ success: true, data: { name: user ? "Ada" : null } });
      await app.close();
    }
  });
});

describe("jsonRoutes with a cache", () => {
  it("builds an answer once per key, sends it with its ETag, and a 304 to a client that has it", async () => {
    const app = testApp({ role: "editor" });
    const kept = new Map<string, CachedAnswer>();
    const cache = {
      get: async (key: string, build: () => Promise<string>) => {
        const answer = kept.get(key) ?? cachedAnswer(await build());
        kept.set(key, answer);
        return answer;
      },
    };
    const built: string[] = [];
    jsonRoutes(app, { tags: ["things"], access: "viewer" }).get("/api/things", {
      operationId: "listThings",
      summary: "List things",
      querystring: z.object({ q: z.string() }),
      answers: z.array(z.string()),
      cached: { cache, key: ({ query }, actor) => [actor.role, query.q] },
      run: ({ query }) => {
        built.push(query.q);
        return [query.q];
      },
    });
    await app.ready();

    const first = await app.inject({ method: "GET", url: "/api/things?q=a" });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true, data: ["a"] });
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect([...kept.keys()]).toEqual(['["editor","a"]']);
    const again = await app.inject({ method: "GET", url: "/api/things?q=a" });
    expect(again.body).toBe(first.body);
    const etag = String(first.headers.etag);
    const unchanged = await app.inject({
      method: "GET",
      url: "/api/things?q=a",
      headers: { "if-none-match": etag },
    });
    expect(unchanged.statusCode).toBe(304);
    await app.inject({ method: "GET", url: "/api/things?q=b" });
    expect(built).toEqual(["a", "b"]);
    await app.close();
  });
});

describe("deletedAfter", () => {
  it("answers { deleted: true } once the deletion is done, and its failure otherwise", async () => {
    const order: string[] = [];
    const deletion = new Promise<void>((resolve) =>
      setTimeout(() => {
        order.push("deleted");
        resolve();
      }, 5),
    );
    await expect(deletedAfter(deletion)).resolves.toEqual({ deleted: true });
    expect(order).toEqual(["deleted"]);
    await expect(deletedAfter(Promise.reject(new Error("gone")))).rejects.toThrow("gone");
  });
});

describe("nullAfter", () => {
  it("answers null once the work is done, and its failure otherwise", async () => {
    let done = false;
    const work = new Promise<void>((resolve) =>
      setTimeout(() => {
        done = true;
        resolve();
      }, 5),
    );
    await expect(nullAfter(work)).resolves.toBeNull();
    expect(done).toBe(true);
    await expect(nullAfter(Promise.reject(new Error("failed")))).rejects.toThrow("failed");
  });
});
