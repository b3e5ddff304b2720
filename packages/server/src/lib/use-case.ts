import type { z } from "zod";
import type { Policy, PolicyActor } from "./policy";

/**
 * The opening of a service that acts on a request body: the policy must allow the actor the
 * action (its 403 or 409 otherwise) before the body is parsed with the contract's schema
 * (defaults filled in, text trimmed; a ZodError answers 400), so a caller who may not act
 * learns nothing about the body. Services take the body as the API does, so callers inside the
 * server (another module, a test) get the checks a request gets.
 */
export function allowedInput<A extends string, S extends z.ZodType>(
  actor: PolicyActor,
  policy: Policy<A, void>,
  action: A,
  schema: S,
  input: z.input<S>,
): z.output<S> {
  policy.authorize(actor, action);
  return schema.parse(input);
}
