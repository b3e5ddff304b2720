import { z } from "zod";
import { callJson, field, TargetError, type CallOptions } from "./target-http";
import { settingsFor } from "./target";
import type { DraftDocument, DraftRef, OpenConnection, PublishingAdapter } from "./target";

const UserSchema = z.object({
  id: z.number(),
  name: z.string(),
  capabilities: z.record(z.string(), z.boolean()).optional(),
});
const PostSchema = z.object({
  id: z.number(),
  link: z.string().optional(),
  status: z.string(),
});

/** WordPress says `rest_not_logged_in` when no credentials arrived at all. */
export const AUTH_STRIPPED_MESSAGE =
  'WordPress did not receive the credentials (rest_not_logged_in): a proxy or the web server in front of WordPress strips the Authorization header. Let it through (Apache: SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1; nginx: do not clear the header), then test again.';

function describe(status: number, body: unknown): { message: string; code: string | null } {
  const code = field(body, "code");
  if (code === "rest_not_logged_in") return { message: AUTH_STRIPPED_MESSAGE, code };
  if (code === "incorrect_password" || code === "invalid_username" || status === 401) {
    return {
      message: "WordPress refused the user name or application password. Check both.",
      code,
    };
  }
  if (code === "rest_cannot_create" || code === "rest_cannot_edit" || status === 403) {
    return { message: "This WordPress user may not create or edit posts.", code };
  }
  const said = field(body, "message");
  return {
    message: `WordPress answered HTTP ${status}${said ? `: ${said}` : "."}`,
    code,
  };
}

const settingsOf = (c: OpenConnection) => settingsFor(c, "wordpress");

function api(c: OpenConnection, path: string): string {
  return `${settingsOf(c).siteUrl.replace(/\/+$/, "")}/wp-json/wp/v2${path}`;
}

function options(c: OpenConnection, extra: Partial<CallOptions> = {}): CallOptions {
  const basic = Buffer.from(`${settingsOf(c).username}:${c.secret}`).toString("base64");
  return {
    headers: { authorization: `Basic ${basic}` },
    timeoutMs: c.env.timeoutMs,
    allowedOrigins: c.allowedOrigins,
    describe,
    ...extra,
  };
}

const ref = (post: z.infer<typeof PostSchema>): DraftRef => ({
  externalId: String(post.id),
  externalUrl: post.link ?? null,
});

const fields = (doc: DraftDocument) => ({
  title: doc.title,
  content: doc.html,
  excerpt: doc.summary,
  status: "draft" as const,
});

/** WordPress REST API with an application password (Basic auth). Posts are made as drafts. */
export const wordpressAdapter: PublishingAdapter = {
  async test(c) {
    const me = await callJson(api(c, "/users/me?context=edit"), UserSchema, options(c));
    if (me.capabilities && me.capabilities.edit_posts === false) {
      throw new TargetError(`${me.name} may not edit posts in WordPress.`, 200, false);
    }
    return { message: `Connected to WordPress as ${me.name}.` };
  },
  async findDraft(c, doc) {
    const found = await callJson(
      api(c, `/posts?slug=${encodeURIComponent(doc.key)}&status=draft&context=edit`),
      z.array(PostSchema),
      options(c),
    );
    return found[0] ? ref(found[0]) : null;
  },
  async createDraft(c, doc) {
    const post = await callJson(
      api(c, "/posts"),
      PostSchema,
      options(c, { method: "POST", body: { ...fields(doc), slug: doc.key } }),
    );
    return ref(post);
  },
  async updateDraft(c, externalId, doc) {
    const id = encodeURIComponent(externalId);
    const current = await callJson(api(c, `/posts/${id}?context=edit`), PostSchema, options(c));
    if (current.status !== "draft") {
      throw new TargetError(
        `The post is "${current.status}" in WordPress now; Content Studio changes drafts only. Edit it in WordPress.`,
        null,
        false,
      );
    }
    const post = await callJson(
      api(c, `/posts/${id}`),
      PostSchema,
      options(c, { method: "POST", body: fields(doc) }),
    );
    return ref(post);
  },
};
