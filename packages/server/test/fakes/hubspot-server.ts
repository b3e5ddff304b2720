import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { answerLater, fakeBase, type PublishingFake, type ScriptedAnswer } from "./publishing-fake";

export interface HubSpotRecord {
  id: string;
  kind: "post" | "email";
  name: string;
  slug: string;
  draft: Record<string, unknown>;
  state: "DRAFT";
}

export interface HubSpotFake extends PublishingFake {
  records: Map<string, HubSpotRecord>;
  /** A 429 as HubSpot sends it when the per-second limit is spent (no Retry-After). */
  rateLimited(intervalMs: number, match?: RegExp): ScriptedAnswer;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

const error = (status: number, message: string, category: string) => ({
  status: "error",
  message,
  correlationId: randomUUID(),
  category,
});

/**
 * HubSpot's CMS v3 blog posts and marketing emails v3 with a private-app token: Bearer auth
 * (401 INVALID_AUTHENTICATION), numeric string ids, name and contentGroupId required for
 * posts, name and subject for emails. The tripwire: push-live, schedule, publish, a PATCH of
 * the live version, a state other than DRAFT or `sendOnPublish: true` → 418.
 */
export async function startHubSpotFake(
  token = "pat-na1-aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
): Promise<HubSpotFake> {
  const base = fakeBase();
  const records = new Map<string, HubSpotRecord>();
  let nextId = 184_993_428_780;

  base.app.addHook("preHandler", async (request, reply) => {
    if (base.intercept(request, reply)) return reply;
    if (request.headers.authorization !== `Bearer ${token}`) {
      return reply
        .code(401)
        .send(
          error(
            401,
            "Authentication credentials not found. This API supports OAuth 2.0 authentication.",
            "INVALID_AUTHENTICATION",
          ),
        );
    }
    const url = request.url.split("?")[0]!;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (/\/push-live$|\/schedule$|\/publish$/.test(url)) return base.trip(request, reply, url);
    if (request.method === "PATCH" && !url.endsWith("/draft")) {
      return base.trip(request, reply, "PATCH of the live version");
    }
    if (body.sendOnPublish === true) return base.trip(request, reply, "sendOnPublish: true");
    if (typeof body.state === "string" && body.state !== "DRAFT") {
      return base.trip(request, reply, `state ${body.state}`);
    }
    return undefined;
  });

  const presentPost = (r: HubSpotRecord) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    state: r.state,
    currentState: "DRAFT",
    url: `https://blog.example-hs.test/${r.slug}`,
    ...r.draft,
    created: "2026-11-28T08:00:00Z",
    updated: new Date().toISOString(),
  });
  const presentEmail = (r: HubSpotRecord) => ({
    id: r.id,
    name: r.name,
    subject: r.draft.subject,
    state: r.state,
    isPublished: false,
    createdAt: "2026-11-28T08:00:00Z",
  });
  const present = (r: HubSpotRecord): object =>
    r.kind === "post" ? presentPost(r) : presentEmail(r);
  const list = (
    kind: HubSpotRecord["kind"],
    filter: (r: HubSpotRecord) => boolean,
    limit: number,
  ) => {
    const found = [...records.values()].filter((r) => r.kind === kind && filter(r));
    return {
      total: found.length,
      results: found.slice(0, limit).map(present),
    };
  };
  /** Stores a new draft of the kind and answers it 201 (after the delay a test set, if any). */
  const create = async (
    kind: HubSpotRecord["kind"],
    body: Record<string, unknown>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const r: HubSpotRecord = {
      id: String(nextId++),
      kind,
      name: text(body.name),
      // Marketing emails have no slug.
      slug: kind === "post" ? text(body.slug) : "",
      draft: body,
      state: "DRAFT",
    };
    records.set(r.id, r);
    await answerLater(base, request);
    return reply.code(201).send(present(r));
  };
  /** Merges a change into the draft of a record of the kind; 404 with `missing` for any other id. */
  const patchDraft =
    (kind: HubSpotRecord["kind"], missing: string) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const r = records.get((request.params as { id: string }).id);
      if (r?.kind !== kind) return reply.code(404).send(error(404, missing, "OBJECT_NOT_FOUND"));
      r.draft = { ...r.draft, ...(request.body as object) };
      r.name = text(r.draft.name) || r.name;
      return present(r);
    };

  base.app.get("/cms/v3/blogs/posts", async (request) => {
    const q = request.query as { slug?: string; limit?: string };
    return list("post", (r) => !q.slug || r.slug === q.slug, Number(q.limit ?? 20));
  });
  base.app.post("/cms/v3/blogs/posts", async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    if (!body.name || !body.contentGroupId) {
      return reply
        .code(400)
        .send(
          error(
            400,
            "Property values were not valid: name and contentGroupId are required",
            "VALIDATION_ERROR",
          ),
        );
    }
    return create("post", body, request, reply);
  });
  base.app.patch("/cms/v3/blogs/posts/:id/draft", patchDraft("post", "Blog post not found"));
  base.app.get("/marketing/v3/emails", async (request) => {
    const q = request.query as { limit?: string };
    return list("email", () => true, Number(q.limit ?? 20));
  });
  base.app.post("/marketing/v3/emails", async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    if (!body.name || !body.subject) {
      return reply.code(400).send(error(400, "name and subject are required", "VALIDATION_ERROR"));
    }
    return create("email", body, request, reply);
  });
  base.app.patch("/marketing/v3/emails/:id/draft", patchDraft("email", "Email not found"));
  // The publish endpoints exist (so a call reaches the tripwire, not a 404).
  for (const path of [
    "/cms/v3/blogs/posts/:id/draft/push-live",
    "/cms/v3/blogs/posts/schedule",
    "/marketing/v3/emails/:id/publish",
  ]) {
    base.app.post(path, async (request, reply) => base.trip(request, reply, path));
  }
  for (const path of ["/cms/v3/blogs/posts/:id", "/marketing/v3/emails/:id"]) {
    base.app.patch(path, async (request, reply) => base.trip(request, reply, "live version"));
  }

  return {
    ...base,
    origin: await base.listen(),
    records,
    rateLimited: (intervalMs, match) => ({
      match,
      status: 429,
      headers: {
        "x-hubspot-ratelimit-daily": "250000",
        "x-hubspot-ratelimit-daily-remaining": "249100",
        "x-hubspot-ratelimit-interval-milliseconds": String(intervalMs),
        "x-hubspot-ratelimit-max": "100",
        "x-hubspot-ratelimit-remaining": "0",
        "x-hubspot-ratelimit-secondly": "10",
        "x-hubspot-ratelimit-secondly-remaining": "0",
      },
      body: {
        status: "error",
        message: "You have reached your secondly limit.",
        errorType: "RATE_LIMIT",
        correlationId: randomUUID(),
        policyName: "SECONDLY",
      },
    }),
  };
}
