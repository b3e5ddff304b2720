import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { deletedAfter, jsonRoutes, routeOptions } from "./route-options";

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
