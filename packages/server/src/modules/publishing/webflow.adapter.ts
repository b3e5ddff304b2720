import type { WebflowFieldMapping } from "@content-studio/contract";
import { z } from "zod";
import { bearerCall, callJson, field, TargetError, type CallOptions } from "./target-http";
import { settingsFor } from "./target";
import type { DraftDocument, DraftRef, OpenConnection, PublishingAdapter } from "./target";

const CollectionSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  fields: z.array(
    z.object({
      slug: z.string(),
      type: z.string(),
      displayName: z.string().optional(),
      isRequired: z.boolean().optional(),
    }),
  ),
});
const ItemSchema = z.object({
  id: z.string(),
  isDraft: z.boolean().optional(),
  fieldData: z.record(z.string(), z.unknown()).optional(),
});
const ItemListSchema = z.object({ items: z.array(ItemSchema) });

function describe(status: number, body: unknown): { message: string; code: string | null } {
  const code = field(body, "code");
  const said = field(body, "message");
  if (status === 401) {
    return {
      message:
        "Webflow refused the API token (or did not receive it: check that no proxy strips the Authorization header).",
      code,
    };
  }
  if (status === 403) {
    return { message: "The Webflow token lacks the CMS read and write scopes.", code };
  }
  const details = Array.isArray((body as { details?: unknown })?.details)
    ? ((body as { details: unknown[] }).details as { param?: string; description?: string }[])
        .map((d) => [d.param, d.description].filter(Boolean).join(": "))
        .filter(Boolean)
        .join("; ")
    : "";
  return {
    message: `Webflow answered HTTP ${status}${said ? `: ${said}` : ""}${details ? ` (${details})` : ""}.`,
    code,
  };
}

const settingsOf = (c: OpenConnection) => settingsFor(c, "webflow");

const options = (c: OpenConnection, extra: Partial<CallOptions> = {}) =>
  bearerCall(c, describe, extra);

const collection = (c: OpenConnection, rest = "") =>
  `${c.env.webflowApiUrl.replace(/\/+$/, "")}/v2/collections/${encodeURIComponent(settingsOf(c).collectionId)}${rest}`;

/** Name and slug are every collection's own fields; the body is its first rich-text field. */
export function mappingOf(fields: z.infer<typeof CollectionSchema>["fields"]): WebflowFieldMapping {
  const rich = fields.filter((f) => f.type === "RichText");
  const plain = fields.filter(
    (f) => f.type === "PlainText" && f.slug !== "name" && f.slug !== "slug",
  );
  return {
    title: "name",
    slug: "slug",
    body: (rich.find((f) => /body|content/.test(f.slug)) ?? rich[0])?.slug ?? null,
    summary: plain.find((f) => /summary|excerpt|intro/.test(f.slug))?.slug ?? null,
  };
}

async function readMapping(
  c: OpenConnection,
): Promise<{ name: string; mapping: WebflowFieldMapping }> {
  const found = await callJson(collection(c), CollectionSchema, options(c));
  return { name: found.displayName, mapping: mappingOf(found.fields) };
}

async function fieldData(c: OpenConnection, doc: DraftDocument, withSlug: boolean) {
  const m = c.fieldMapping ?? (await readMapping(c)).mapping;
  if (!m.body) {
    throw new TargetError(
      "The Webflow collection has no rich-text field for the body.",
      null,
      false,
    );
  }
  return {
    [m.title]: doc.title,
    ...(withSlug ? { [m.slug]: doc.key } : {}),
    [m.body]: doc.html,
    ...(m.summary ? { [m.summary]: doc.summary } : {}),
  };
}

const ref = (item: z.infer<typeof ItemSchema>): DraftRef => ({
  externalId: item.id,
  externalUrl: null,
});

/**
 * Webflow Data API v2 with a site token: collection items made and changed with
 * `isDraft: true` (the staged item only; nothing is published, `/items/live` is never called).
 */
export const webflowAdapter: PublishingAdapter = {
  async test(c) {
    const { name, mapping } = await readMapping(c);
    if (!mapping.body) {
      throw new TargetError(
        `The collection “${name}” has no rich-text field for the body.`,
        200,
        false,
      );
    }
    return {
      message: `Connected to Webflow: collection “${name}”, body → ${mapping.body}.`,
      fieldMapping: mapping,
    };
  },
  async findDraft(c, doc) {
    const list = await callJson(
      collection(c, `/items?slug=${encodeURIComponent(doc.key)}`),
      ItemListSchema,
      options(c),
    );
    return list.items[0] ? ref(list.items[0]) : null;
  },
  async createDraft(c, doc) {
    const item = await callJson(
      collection(c, "/items"),
      ItemSchema,
      options(c, {
        method: "POST",
        body: { isArchived: false, isDraft: true, fieldData: await fieldData(c, doc, true) },
      }),
    );
    return ref(item);
  },
  async updateDraft(c, externalId, doc) {
    const item = await callJson(
      collection(c, `/items/${encodeURIComponent(externalId)}`),
      ItemSchema,
      options(c, {
        method: "PATCH",
        body: { isArchived: false, isDraft: true, fieldData: await fieldData(c, doc, false) },
      }),
    );
    return ref(item);
  },
};
