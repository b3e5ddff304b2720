import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ResolveUser } from "./access";

/**
 * What a first visit to a page loads besides the entry, as the web build lists it in
 * dist/.vite/first-visit.json (packages/web/src/app/first-visit.ts): the session (every page
 * asks for it), the answers every signed-in page asks for, and per page its route's built
 * scripts and its screen's first data.
 */
interface FirstVisitHints {
  session: string;
  signedIn: string[];
  pages: { path: string; scripts: string[]; data: string[] }[];
}

/** index.html as sent: the text with its brotli and gzip copies, made once per variant. */
interface IndexVariant {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function readHints(webDist: string): FirstVisitHints | undefined {
  const file = path.join(webDist, ".vite", "first-visit.json");
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, "utf8")) as FirstVisitHints;
}

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * `<link>` hints for index.html: the route's scripts as module preloads; the API answers as
 * fetch preloads (`crossorigin="anonymous"` is what the app's same-origin `fetch` matches,
 * cookies included), which the app's own requests then take.
 */
function hintTags(scripts: string[], data: string[]): string {
  return [
    ...scripts.map((src) => `<link rel="modulepreload" crossorigin href="${attribute(src)}">`),
    ...data.map(
      (url) => `<link rel="preload" href="${attribute(url)}" as="fetch" crossorigin="anonymous">`,
    ),
  ]
    .map((tag) => `    ${tag}\n`)
    .join("");
}

/** The encoding to send: brotli, else gzip, when the client accepts it (q > 0). */
function pickEncoding(header: string | string[] | undefined): "br" | "gzip" | "identity" {
  const accepted = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name);
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return "identity";
}

/**
 * Serves the built React app: hashed assets cached for a year, index.html never cached,
 * and index.html for every other non-API GET so client-side routes load directly.
 * /api paths that match no route answer a JSON 404. The web build writes a brotli (.br) and a
 * gzip (.gz) copy beside each text file: they are sent to browsers that accept them, so
 * nothing is compressed per request. index.html names what the page opened will load next
 * (first-visit.json above): the session always; the route's code for the pages listed; their
 * data when the visitor is signed in (`resolveUser`), so it loads while the scripts download.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string | undefined,
  options: { resolveUser?: ResolveUser } = {},
): Promise<void> {
  const indexPath = webDist ? path.join(webDist, "index.html") : undefined;
  const hasWeb = indexPath !== undefined && fs.existsSync(indexPath);
  const hints = hasWeb && webDist ? readHints(webDist) : undefined;
  const indexHtml = hints && indexPath ? fs.readFileSync(indexPath, "utf8") : undefined;
  const variants = new Map<string, IndexVariant>();

  /** index.html with `tags` before `</head>`, compressed once and kept. */
  const variant = (tags: string): IndexVariant => {
    let found = variants.get(tags);
    if (!found) {
      const html = Buffer.from((indexHtml ?? "").replace("</head>", `${tags}  </head>`));
      found = {
        identity: html,
        br: zlib.brotliCompressSync(html),
        gzip: zlib.gzipSync(html, { level: 9 }),
      };
      variants.set(tags, found);
    }
    return found;
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header("cache-control", "no-cache");
    if (!hints || !indexHtml?.includes("</head>")) return reply.sendFile("index.html");
    const url = new URL(request.url, "http://localhost");
    const page = url.search === "" ? hints.pages.find((p) => p.path === url.pathname) : undefined;
    let data: string[] = [];
    if (page && options.resolveUser && request.headers.cookie) {
      const { user, setCookies } = await options.resolveUser({
        ip: request.ip,
        headers: request.headers,
      });
      if (setCookies.length > 0) reply.header("set-cookie", setCookies);
      if (user && !user.mustChangePassword) data = [...hints.signedIn, ...page.data];
    }
    const body = variant(hintTags(page?.scripts ?? [], [hints.session, ...data]));
    const encoding = pickEncoding(request.headers["accept-encoding"]);
    reply.header("vary", "accept-encoding, cookie").type("text/html; charset=utf-8");
    if (encoding !== "identity") reply.header("content-encoding", encoding);
    return reply.send(body[encoding]);
  };

  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        reply.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      return sendIndex(request, reply);
    }
    return reply.status(404).send({
      success: false,
      code: "not_found",
      message: isApi ? "No such API endpoint." : "Not found.",
    });
  });
}
