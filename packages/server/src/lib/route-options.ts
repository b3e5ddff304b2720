import { successEnvelope, type Role } from "@content-studio/contract";
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { actorOf, type Access, type SessionUser } from "../plugins/access";
import type { AnswerCache } from "./answer-cache";
import { success } from "./envelope";
import { replyWithEtag } from "./etag";

/** A route's schema: the contract's schemas plus what the OpenAPI document says of it. */
interface DescribedRouteSchema extends FastifySchema {
  operationId: string;
  summary: string;
  tags: string[];
}

/** A route's reply, as far as setting its status goes. */
interface StatusReply {
  statusCode: number;
}

/** The success statuses other than 200: something was created, or work was accepted to go on. */
type SuccessStatus = 201 | 202;

/**
 * The success status a schema's answers declare when it is not 200: 201 or 202 when the
 * schema answers one of those and no 200.
 */
function successStatusOf(schema: FastifySchema): SuccessStatus | undefined {
  const statuses = Object.keys(schema.response ?? {}).map(Number);
  if (statuses.includes(200)) return undefined;
  return ([201, 202] as const).find((status) => statuses.includes(status));
}

/**
 * The options of an `/api` route: the least role that may call it (checked by the access plugin
 * before validation; routes needing more config than that write their options out) and its
 * schema, which names it in the OpenAPI document (operationId, summary, tags) and holds the
 * contract's schemas for what it takes and answers. A route whose schema answers 201 or 202
 * (and no 200) answers its success with that status: it is set before the handler runs, and
 * an error still answers its own.
 */
export function routeOptions<S extends DescribedRouteSchema>(
  access: Access,
  schema: S,
): {
  config: { access: Access };
  schema: S;
  preHandler?: (request: unknown, reply: StatusReply) => Promise<void>;
} {
  const status = successStatusOf(schema);
  if (status === undefined) return { config: { access }, schema };
  return {
    config: { access },
    schema,
    preHandler: async (_request, reply) => {
      reply.statusCode = status;
    },
  };
}

/** A zod schema, or nothing where a route takes no such input. */
type InputSchema = z.ZodType | undefined;
type Parsed<S extends InputSchema> = S extends z.ZodType ? z.output<S> : unknown;

/**
 * Who calls a route of a module whose least role is `M`: the signed-in actor, or on a public
 * route whoever is signed in (`null` when nobody is, or the route does not read the session).
 */
type Caller<M extends Access> = M extends "public" ? SessionUser | null : SessionUser;

/** A route's config beside its access: the flags the access and shutdown plugins read. */
type RouteFlags = Omit<FastifyContextConfig, "access">;

/**
 * One JSON route of a module: what the OpenAPI document says of it, the contract's schemas for
 * what it takes, and `answers`, the schema of the `data` its success envelope carries (with
 * `status` 201 or 202 when that is not 200). `run` gets the validated request, its caller (the
 * signed-in actor, unless the module is public) and the reply, and returns that data.
 */
export interface JsonRoute<
  P extends InputSchema,
  Q extends InputSchema,
  B extends InputSchema,
  A extends z.ZodType,
  M extends Access = Role,
> {
  operationId: string;
  summary: string;
  /** The least role that may call it; the module's unless given. */
  access?: Role;
  /** Flags for the plugins, beside its access (`allowDuringPasswordChange`, `readsSession`). */
  config?: RouteFlags;
  params?: P;
  querystring?: Q;
  body?: B;
  answers: A;
  status?: SuccessStatus;
  /**
   * Answers kept in `cache`, one per `key` (what the answer depends on besides the data: the
   * caller, the query), and sent with an ETag (a 304 when the client has it): `run` builds the
   * data only of an answer the cache does not hold.
   */
  cached?: {
    cache: Pick<AnswerCache, "get">;
    key: (request: RouteRequest<P, Q, B>, caller: Caller<M>) => unknown;
  };
  run: (
    request: RouteRequest<P, Q, B>,
    caller: Caller<M>,
    reply: FastifyReply,
  ) => Promise<z.output<A>> | z.output<A>;
}

type RouteRequest<
  P extends InputSchema,
  Q extends InputSchema,
  B extends InputSchema,
> = FastifyRequest<{ Params: Parsed<P>; Querystring: Parsed<Q>; Body: Parsed<B> }>;

/** What a route that deletes what it names answers once `deletion` is done: `{ deleted: true }`. */
export async function deletedAfter(deletion: Promise<unknown>): Promise<{ deleted: true }> {
  await deletion;
  return { deleted: true };
}

/** What a route that answers no data answers once `work` is done: `null`. */
export async function nullAfter(work: Promise<unknown>): Promise<null> {
  await work;
  return null;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Declare<M extends Access> = <
  P extends InputSchema = undefined,
  Q extends InputSchema = undefined,
  B extends InputSchema = undefined,
  A extends z.ZodType = z.ZodType,
>(
  url: string,
  route: JsonRoute<P, Q, B, A, M>,
) => void;

/**
 * A module's JSON routes, by method (see `jsonRoutes`), and `options`: `routeOptions` under the
 * module's tags, for its routes written out (a file, a stream, a redirect).
 */
type JsonRoutes<M extends Access> = Record<
  "get" | "post" | "put" | "patch" | "delete",
  Declare<M>
> & {
  options: <S extends Omit<DescribedRouteSchema, "tags">>(
    access: Access,
    schema: S,
  ) => ReturnType<typeof routeOptions<S & { tags: string[] }>>;
};

/** The app a module's routes are declared on: its requests typed by the contract's zod schemas. */
type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Declares a module's JSON routes on `app` under its OpenAPI tags and default least role: each
 * is registered with `routeOptions` and answers `success(await run(request, caller))` (or that
 * answer kept in its cache). Routes that answer a file, a stream or a redirect, or need more
 * config, are written out with `routeOptions`.
 */
export function jsonRoutes<M extends Access>(
  app: ZodApp,
  module: { tags: string[]; access: M },
): JsonRoutes<M> {
  const declare =
    (method: Method): Declare<M> =>
    (url, { access, config, answers, status, cached, run, ...described }) => {
      const envelope = successEnvelope(answers);
      const schema: DescribedRouteSchema = {
        ...described,
        tags: module.tags,
        response: { [status ?? 200]: envelope },
      };
      const least: Access = access ?? module.access;
      const options = routeOptions(least, schema);
      app.route({
        method,
        url,
        ...options,
        config: { ...options.config, ...config },
        handler: async (request, reply) => {
          const caller = (least === "public" ? request.user : actorOf(request)) as Caller<M>;
          const data = async () => run(request as never, caller, reply);
          if (!cached) return success(await data());
          const key = JSON.stringify(cached.key(request as never, caller));
          const answer = await cached.cache.get(key, async () =>
            JSON.stringify(envelope.parse(success(await data()))),
          );
          return replyWithEtag(request, reply, answer);
        },
      });
    };
  return {
    get: declare("GET"),
    post: declare("POST"),
    put: declare("PUT"),
    patch: declare("PATCH"),
    delete: declare("DELETE"),
    options: (access, schema) => routeOptions(access, { ...schema, tags: module.tags }),
  };
}
