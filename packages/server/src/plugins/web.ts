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

/** The id of the element of index.html that carries the first answers (lib/first-answers.ts). */
const FIRST_ANSWERS_ID = "first-answers";

function readHints(webDist: string): FirstVisitHints | undefined {
  const file = path.join(webDist, ".vite", "first-visit.json");
  if (!fs.existsSync(file)) return undefined;
  return JSON.parse(fs.readFileSync(file, "utf8")) as FirstVisitHints;
}

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** The route's scripts as module preloads, so they load beside the entry. */
function scriptTags(scripts: string[]): string {
  return scripts
    .map((src) => `    <link rel="modulepreload" crossorigin href="${attribute(src)}">\n`)
    .join("");
}

/** Answers larger than this are left for the app to ask for (a list page's is a few KB). */
const MAX_EMBEDDED_ANSWER_BYTES = 256 * 1024;

/**
 * JSON inside `<script type="application/json">`: every `<`, `>` and `&` escaped, so no answer
 * text can close the element or open another, and the line separators JavaScript rejects.
 */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * The answers a first visit asks for, asked of the app itself with the visitor's own cookie
 * (the same routes, access checks and answers as the browser's requests would get), to send
 * inside index.html: the page then starts with them instead of a round trip for each. Only
 * 200 JSON answers are kept; the app asks for anything missing as usual.
 */
async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  urls: string[],
): Promise<Record<string, unknown>> {
  const answers: Record<string, unknown> = {};
  await Promise.all(
    urls.map(async (url) => {
      const res = await app.inject({
        method: "GET",
        url,
        remoteAddress: request.ip,
        headers: {
          accept: "application/json",
          ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
          ...(request.headers["user-agent"] ? { "user-agent": request.headers["user-agent"] } : {}),
        },
      });
      const type = String(res.headers["content-type"] ?? "");
      if (
        res.statusCode === 200 &&
        type.startsWith("application/json") &&
        res.rawPayload.length <= MAX_EMBEDDED_ANSWER_BYTES
      ) {
        answers[url] = JSON.parse(res.payload) as unknown;
      }
    }),
  );
  return answers;
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
 * Serves the built React app: hashed assets cached for a year, and index.html for every other
 * non-API GET so client-side routes load directly. /api paths that match no route answer a
 * JSON 404. The web build writes a brotli (.br) and a gzip (.gz) copy beside each asset: they
 * are sent to browsers that accept them. index.html is made per request and never stored: it
 * names the route's code for the pages listed (first-visit.json above) and carries the answers
 * the page starts with — the session always; the start-up data and the screen's data when the
 * visitor is signed in (`resolveUser`) — so the first screen needs no round trip for them.
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

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hints || !indexHtml?.includes("</head>")) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
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
    const answers = await firstAnswers(app, request, [hints.session, ...data]);
    const tags =
      scriptTags(page?.scripts ?? []) +
      `    <script type="application/json" id="${FIRST_ANSWERS_ID}">${scriptJson(answers)}</script>\n`;
    const html = Buffer.from(indexHtml.replace("</head>", `${tags}  </head>`));
    const encoding = pickEncoding(request.headers["accept-encoding"]);
    // The page carries the visitor's own answers: never stored by a cache on the way.
    reply
      .header("cache-control", "private, no-store")
      .header("vary", "accept-encoding, cookie")
      .type("text/html; charset=utf-8");
    if (encoding === "identity") return reply.send(html);
    reply.header("content-encoding", encoding);
    return reply.send(
      encoding === "br"
        ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
        : zlib.gzipSync(html, { level: 6 }),
    );
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
