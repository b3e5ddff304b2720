import type { FastifySchema } from "fastify";
import type { Access } from "../plugins/access";

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
