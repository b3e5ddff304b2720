import { randomBytes } from "node:crypto";
import { answerLater, fakeBase, type PublishingFake, type ScriptedAnswer } from "./publishing-fake";

export interface WebflowItem {
  id: string;
  isDraft: boolean;
  isArchived: boolean;
  fieldData: Record<string, unknown>;
}

export interface WebflowFake extends PublishingFake {
  collectionId: string;
  items: Map<string, WebflowItem>;
  /** A 429 as Webflow sends it, with Retry-After in seconds. */
  rateLimited(retryAfterSeconds: number, match?: RegExp): ScriptedAnswer;
}

const objectId = () => randomBytes(12).toString("hex");

/**
 * Webflow's Data API v2 for one CMS collection ("Blog Posts": name, slug, post-body,
 * post-summary): Bearer auth (401 not_authorized), 24-hex ids, validation errors with
 * details. The tripwire: `/items/live`, `/publish`, or `isDraft` other than true → 418.
 */
export async function startWebflowFake(
  token = "wf-site-token-0123456789abcdef",
): Promise<WebflowFake> {
  const base = fakeBase();
  const collectionId = objectId();
  const items = new Map<string, WebflowItem>();

  base.app.addHook("preHandler", async (request, reply) => {
    if (base.intercept(request, reply)) return reply;
    if (request.headers.authorization !== `Bearer ${token}`) {
      return reply.code(401).send({
        message: "Request not authorized",
        code: "not_authorized",
        externalReference: null,
        details: [],
      });
    }
    const url = request.url.split("?")[0]!;
    if (/\/live$|\/publish$/.test(url)) return base.trip(request, reply, url);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if ((request.method === "POST" || request.method === "PATCH") && body.isDraft !== true) {
      return base.trip(request, reply, `isDraft ${String(body.isDraft)}`);
    }
    return undefined;
  });

  const present = (i: WebflowItem) => ({
    id: i.id,
    cmsLocaleId: "653ad57de882f528b32e810e",
    lastPublished: null,
    lastUpdated: new Date().toISOString(),
    createdOn: "2026-11-28T08:00:00.000Z",
    isArchived: i.isArchived,
    isDraft: i.isDraft,
    fieldData: i.fieldData,
  });
  const invalid = (missing: string[]) => ({
    message: "Validation Error",
    code: "validation_error",
    externalReference: null,
    details: missing.map((param) => ({
      param: `fieldData.${param}`,
      description: "Field is required",
    })),
  });

  base.app.get(`/v2/collections/:cid`, async (request, reply) => {
    if ((request.params as { cid: string }).cid !== collectionId) {
      return reply
        .code(404)
        .send({ message: "Requested resource not found", code: "resource_not_found", details: [] });
    }
    return {
      id: collectionId,
      displayName: "Blog Posts",
      singularName: "Blog Post",
      slug: "post",
      fields: [
        {
          id: objectId(),
          isEditable: true,
          isRequired: true,
          type: "PlainText",
          slug: "name",
          displayName: "Name",
        },
        {
          id: objectId(),
          isEditable: true,
          isRequired: true,
          type: "PlainText",
          slug: "slug",
          displayName: "Slug",
        },
        {
          id: objectId(),
          isEditable: true,
          isRequired: false,
          type: "RichText",
          slug: "post-body",
          displayName: "Post Body",
        },
        {
          id: objectId(),
          isEditable: true,
          isRequired: false,
          type: "PlainText",
          slug: "post-summary",
          displayName: "Post Summary",
        },
      ],
    };
  });
  base.app.get(`/v2/collections/:cid/items`, async (request) => {
    const q = request.query as { slug?: string };
    const found = [...items.values()].filter((i) => !q.slug || i.fieldData.slug === q.slug);
    return {
      items: found.map(present),
      pagination: { limit: 100, offset: 0, total: found.length },
    };
  });
  base.app.post(`/v2/collections/:cid/items`, async (request, reply) => {
    const body = request.body as { fieldData?: Record<string, unknown>; isDraft?: boolean };
    const data = body.fieldData ?? {};
    const missing = ["name", "slug"].filter((k) => !data[k]);
    if (missing.length > 0) return reply.code(400).send(invalid(missing));
    const item: WebflowItem = { id: objectId(), isDraft: true, isArchived: false, fieldData: data };
    items.set(item.id, item);
    await answerLater(base, request);
    return reply.code(202).send(present(item));
  });
  base.app.patch(`/v2/collections/:cid/items/:id`, async (request, reply) => {
    const item = items.get((request.params as { id: string }).id);
    if (!item)
      return reply
        .code(404)
        .send({ message: "Requested resource not found", code: "resource_not_found", details: [] });
    const body = request.body as { fieldData?: Record<string, unknown> };
    item.fieldData = { ...item.fieldData, ...body.fieldData };
    return present(item);
  });
  for (const path of ["/v2/collections/:cid/items/live", "/v2/collections/:cid/items/publish"]) {
    base.app.post(path, async (request, reply) => base.trip(request, reply, path));
  }

  return {
    ...base,
    origin: await base.listen(),
    collectionId,
    items,
    rateLimited: (retryAfterSeconds, match) => ({
      match,
      status: 429,
      headers: {
        "retry-after": String(retryAfterSeconds),
        "x-ratelimit-remaining": "0",
        "x-ratelimit-limit": "60",
      },
      body: { message: "Too Many Requests", code: "too_many_requests", details: [] },
    }),
  };
}
