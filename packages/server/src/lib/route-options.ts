import type { FastifySchema } from "fastify";
import type { Access } from "../plugins/access";

/** A route's schema: the contract's schemas plus what the OpenAPI document says of it. */
interface DescribedRouteSchema extends FastifySchema {
  operationId: string;
  summary: string;
  tags: string[];
}

/**
 * The options of an `/api` route: the least role that may call it (checked by the access plugin
 * before validation; routes needing more config than that write their options out) and its
 * schema, which names it in the OpenAPI document (operationId, summary, tags) and holds the
 * contract's schemas for what it takes and answers.
 */
export function routeOptions<S extends DescribedRouteSchema>(
  access: Access,
  schema: S,
): { config: { access: Access }; schema: S } {
  return { config: { access }, schema };
}
