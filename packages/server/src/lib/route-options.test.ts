import { describe, expect, it } from "vitest";
import { z } from "zod";
import { routeOptions } from "./route-options";

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
