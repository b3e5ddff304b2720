import type { FastifyReply, FastifyRequest } from "fastify";
import { answerLater, fakeBase, type PublishingFake } from "./publishing-fake";

export interface FakePost {
  id: number;
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  status: string;
}

export interface WordPressFake extends PublishingFake {
  posts: Map<number, FakePost>;
  /** A proxy in front that drops the Authorization header (WordPress then says rest_not_logged_in). */
  stripAuthorization: boolean;
  /** Marks a post published, as an editor would in wp-admin. */
  publishInWpAdmin(id: number): void;
}

/**
 * The WordPress REST API (wp/v2) as a site with an application password answers it: Basic
 * auth (rest_not_logged_in without it, incorrect_password with a wrong one), posts with
 * numeric ids and `?p=` links, title required. The tripwire: any status but draft → 418.
 */
export async function startWordPressFake(
  user = { name: "editor", password: "abcd EFGH 1234 ijkl MNOP 5678" },
): Promise<WordPressFake> {
  const base = fakeBase();
  const posts = new Map<number, FakePost>();
  let nextId = 4211;
  const state = { stripAuthorization: false };
  const expected = `Basic ${Buffer.from(`${user.name}:${user.password}`).toString("base64")}`;
  const origin = () => fake.origin;

  base.app.addHook("preHandler", async (request, reply) => {
    if (base.intercept(request, reply)) return reply;
    const auth = state.stripAuthorization ? undefined : request.headers.authorization;
    if (!auth) {
      return reply.code(401).send({
        code: "rest_not_logged_in",
        message: "You are not currently logged in.",
        data: { status: 401 },
      });
    }
    if (auth !== expected) {
      return reply.code(401).send({
        code: "incorrect_password",
        message: "The provided password is an invalid application password.",
        data: { status: 401 },
      });
    }
    const body = request.body as Record<string, unknown> | null;
    if (request.method === "POST" && body && "status" in body && body.status !== "draft") {
      return base.trip(request, reply, `status ${String(body.status)}`);
    }
    return undefined;
  });

  const present = (p: FakePost) => ({
    id: p.id,
    date: "2026-11-28T08:00:00",
    slug: p.slug,
    status: p.status,
    type: "post",
    link: `${origin()}/?p=${p.id}`,
    title: { raw: p.title, rendered: p.title },
    content: { raw: p.content, rendered: p.content, protected: false },
    excerpt: { raw: p.excerpt, rendered: `<p>${p.excerpt}</p>`, protected: false },
    author: 2,
  });

  base.app.get("/wp-json/wp/v2/users/me", async (request) => {
    const query = request.query as { context?: string };
    return {
      id: 2,
      name: user.name,
      slug: user.name,
      ...(query.context === "edit"
        ? { roles: ["editor"], capabilities: { edit_posts: true, publish_posts: true } }
        : {}),
    };
  });
  /** The post the `:id` names; when there is none, answers WordPress's 404 and gives undefined. */
  const postNamed = (request: FastifyRequest, reply: FastifyReply) => {
    const post = posts.get(Number((request.params as { id: string }).id));
    if (!post) {
      void reply
        .code(404)
        .send({ code: "rest_post_invalid_id", message: "Invalid post ID.", data: { status: 404 } });
    }
    return post;
  };
  base.app.get("/wp-json/wp/v2/posts", async (request) => {
    const query = request.query as { slug?: string; status?: string };
    const statuses = (query.status ?? "publish").split(",");
    return [...posts.values()]
      .filter((p) => (!query.slug || p.slug === query.slug) && statuses.includes(p.status))
      .map(present);
  });
  base.app.get("/wp-json/wp/v2/posts/:id", async (request, reply) => {
    const post = postNamed(request, reply);
    if (!post) return reply;
    return present(post);
  });
  base.app.post("/wp-json/wp/v2/posts", async (request, reply) => {
    const body = request.body as Partial<FakePost>;
    if (!body.title && !body.content) {
      return reply.code(400).send({
        code: "empty_content",
        message: "Content, title, and excerpt are empty.",
        data: { status: 400 },
      });
    }
    const post: FakePost = {
      id: nextId++,
      title: body.title ?? "",
      content: body.content ?? "",
      excerpt: body.excerpt ?? "",
      slug: body.slug ?? "",
      status: "draft",
    };
    posts.set(post.id, post);
    await answerLater(base, request);
    return reply.code(201).send(present(post));
  });
  base.app.post("/wp-json/wp/v2/posts/:id", async (request, reply) => {
    const post = postNamed(request, reply);
    if (!post) return reply;
    if (post.status !== "draft") return base.trip(request, reply, "update of a live post");
    const body = request.body as Partial<FakePost>;
    Object.assign(post, {
      title: body.title ?? post.title,
      content: body.content ?? post.content,
      excerpt: body.excerpt ?? post.excerpt,
    });
    await answerLater(base, request);
    return present(post);
  });

  const fake: WordPressFake = {
    ...base,
    origin: await base.listen(),
    posts,
    get stripAuthorization() {
      return state.stripAuthorization;
    },
    set stripAuthorization(value: boolean) {
      state.stripAuthorization = value;
    },
    publishInWpAdmin(id: number) {
      posts.get(id)!.status = "publish";
    },
  };
  return fake;
}
