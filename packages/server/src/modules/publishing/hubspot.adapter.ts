import { z } from "zod";
import { bearerCall, callJson, field, type CallOptions } from "./target-http";
import { settingsFor } from "./target";
import type { DraftDocument, DraftRef, OpenConnection, PublishingAdapter } from "./target";

const PostSchema = z.object({ id: z.string(), url: z.string().optional(), state: z.string() });
const EmailSchema = z.object({ id: z.string(), name: z.string(), state: z.string().optional() });
const ListSchema = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().optional(), results: z.array(item) });

function describe(status: number, body: unknown): { message: string; code: string | null } {
  const category = field(body, "category") ?? field(body, "errorType");
  const said = field(body, "message");
  if (status === 401) {
    return {
      message:
        "HubSpot refused the private-app token (or did not receive it: check that no proxy strips the Authorization header).",
      code: category,
    };
  }
  if (status === 403) {
    return {
      message: `The private app lacks a scope this needs (content for blog posts, marketing-email for emails)${said ? `: ${said}` : "."}`,
      code: category,
    };
  }
  if (status === 429) {
    return {
      message: `HubSpot's rate limit was reached${said ? `: ${said}` : "."}`,
      code: category,
    };
  }
  return { message: `HubSpot answered HTTP ${status}${said ? `: ${said}` : "."}`, code: category };
}

const settingsOf = (c: OpenConnection) => settingsFor(c, "hubspot");

const options = (c: OpenConnection, extra: Partial<CallOptions> = {}) =>
  bearerCall(c, describe, extra);

const api = (c: OpenConnection, path: string) =>
  `${c.env.hubspotApiUrl.replace(/\/+$/, "")}${path}`;

/** The internal name of an email: its title and the key, so a lost create can be found again. */
const emailName = (doc: DraftDocument) => `${doc.title.slice(0, 200)} [${doc.key}]`;

const postFields = (s: ReturnType<typeof settingsOf>, doc: DraftDocument) => ({
  name: doc.title,
  htmlTitle: doc.title,
  postBody: doc.html,
  postSummary: doc.summary,
  metaDescription: doc.summary.slice(0, 300),
  ...(s.authorId ? { blogAuthorId: s.authorId } : {}),
});

// No `sendOnPublish`: nothing here ever sends or publishes an email.
const emailFields = (doc: DraftDocument) => ({
  name: emailName(doc),
  subject: doc.title,
  content: {
    widgets: {
      primary_rich_text_module: {
        id: "primary_rich_text_module",
        type: "module",
        body: { html: doc.html },
      },
    },
  },
});

const postRef = (p: z.infer<typeof PostSchema>): DraftRef => ({
  externalId: p.id,
  externalUrl: p.url || null,
});
const emailRef = (e: z.infer<typeof EmailSchema>): DraftRef => ({
  externalId: e.id,
  externalUrl: null,
});

/**
 * HubSpot with a private-app token: CMS v3 blog posts (made as drafts; changes go to the
 * `/draft` version, never the live one) or marketing emails (drafts, never sent).
 */
export const hubspotAdapter: PublishingAdapter = {
  async test(c) {
    const email = settingsOf(c).contentKind === "marketing_email";
    const path = email ? "/marketing/v3/emails?limit=1" : "/cms/v3/blogs/posts?limit=1";
    const list = await callJson(api(c, path), ListSchema(z.object({ id: z.string() })), options(c));
    const what = email ? "marketing emails" : "blog posts";
    return {
      message: `Connected to HubSpot: the token reads ${what}${list.total !== undefined ? ` (${list.total})` : ""}.`,
    };
  },
  async findDraft(c, doc) {
    if (settingsOf(c).contentKind === "marketing_email") {
      const list = await callJson(
        api(c, "/marketing/v3/emails?limit=100&sort=-updatedAt"),
        ListSchema(EmailSchema),
        options(c),
      );
      const found = list.results.find((e) => e.name === emailName(doc));
      return found ? emailRef(found) : null;
    }
    const list = await callJson(
      api(c, `/cms/v3/blogs/posts?slug=${encodeURIComponent(doc.key)}&archived=false&limit=1`),
      ListSchema(PostSchema),
      options(c),
    );
    return list.results[0] ? postRef(list.results[0]) : null;
  },
  async createDraft(c, doc) {
    const s = settingsOf(c);
    if (s.contentKind === "marketing_email") {
      const email = await callJson(
        api(c, "/marketing/v3/emails"),
        EmailSchema,
        options(c, { method: "POST", body: emailFields(doc) }),
      );
      return emailRef(email);
    }
    const post = await callJson(
      api(c, "/cms/v3/blogs/posts"),
      PostSchema,
      options(c, {
        method: "POST",
        body: { ...postFields(s, doc), contentGroupId: s.blogId, slug: doc.key, state: "DRAFT" },
      }),
    );
    return postRef(post);
  },
  async updateDraft(c, externalId, doc) {
    const s = settingsOf(c);
    const id = encodeURIComponent(externalId);
    if (s.contentKind === "marketing_email") {
      const email = await callJson(
        api(c, `/marketing/v3/emails/${id}/draft`),
        EmailSchema,
        options(c, { method: "PATCH", body: emailFields(doc) }),
      );
      return emailRef(email);
    }
    const post = await callJson(
      api(c, `/cms/v3/blogs/posts/${id}/draft`),
      PostSchema,
      options(c, { method: "PATCH", body: postFields(s, doc) }),
    );
    return postRef(post);
  },
};
