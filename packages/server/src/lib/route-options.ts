import { successEnvelope, type Role } from "@content-studio/contract";
import type {
  FastifyBaseLogger,
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
import { success } from "./envelope";

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
 * One JSON route of a module: what the OpenAPI document says of it, the contract's schemas for
 * what it takes, and `answers`, the schema of the `data` its success envelope carries (with
 * `status` 201 or 202 when that is not 200). `run` gets the validated request, the signed-in
 * actor (every such route needs one: its least role is a role) and the reply, and returns that
 * data.
 */
export interface JsonRoute<
  P extends InputSchema,
  Q extends InputSchema,
  B extends InputSchema,
  A extends z.ZodType,
> {
  operationId: string;
  summary: string;
  /** The least role that may call it; the module's unless given. */
  access?: Role;
  params?: P;
  querystring?: Q;
  body?: B;
  answers: A;
  status?: SuccessStatus;
  run: (
    request: FastifyRequest<{ Params: Parsed<P>; Querystring: Parsed<Q>; Body: Parsed<B> }>,
    actor: SessionUser,
    reply: FastifyReply,
  ) => Promise<z.output<A>> | z.output<A>;
}

/** What a route that deletes what it names answers once `deletion` is done: `{ deleted: true }`. */
export async function deletedAfter(deletion: Promise<unknown>): Promise<{ deleted: true }> {
  await deletion;
  return { deleted: true };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Declare = <
  P extends InputSchema = undefined,
  Q extends InputSchema = undefined,
  B extends InputSchema = undefined,
  A extends z.ZodType = z.ZodType,
>(
  url: string,
  route: JsonRoute<P, Q, B, A>,
) => void;

/**
 * Declares a module's JSON routes on `app` under its OpenAPI tags and default least role: each
 * is registered with `routeOptions` and answers `success(await run(request, actor))`. Routes
 * that answer a file or a stream, or need more config, are written out with `routeOptions`.
 */
export function jsonRoutes(
  app: FastifyInstance<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    FastifyBaseLogger,
    ZodTypeProvider
  >,
  module: { tags: string[]; access: Role },
): Record<"get" | "post" | "put" | "patch" | "delete", Declare> {
  const declare =
    (method: Method): Declare =>
    (url, { access, answers, status, run, ...described }) => {
      const schema: DescribedRouteSchema = {
        ...described,
        tags: module.tags,
        response: { [status ?? 200]: successEnvelope(answers) },
      };
      app.route({
        method,
        url,
        ...routeOptions(access ?? module.access, schema),
        handler: async (request, reply) =>
          success(await run(request as never, actorOf(request), reply)),
      });
    };
  return {
    get: declare("GET"),
    post: declare("POST"),
    put: declare("PUT"),
    patch: declare("PATCH"),
    delete: declare("DELETE"),
  };
}
