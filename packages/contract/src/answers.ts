import { z } from "zod";

// Answers that carry no resource of their own, shared by the server's route schemas and the
// web's API client (which parses every answer against the contract).

/** A schema the web's API client checks an answer's `data` against before anything uses it. */
export type AnswerSchema<T> = z.ZodType<T>;

/** A list answer: an array of the item's schema. */
export const listOf = <T>(item: AnswerSchema<T>) => z.array(item);

/** Success with nothing more to say (`data: {}`): sign-out, password changes. */
export const EmptyAnswerSchema = z.object({});
/** Success with `data: null`: a delete or purge that leaves nothing to show. */
export const NullAnswerSchema = z.null();
/** A record deleted for good. */
export const DeletedAnswerSchema = z.object({ deleted: z.literal(true) });
/** A credential revoked. */
export const RevokedAnswerSchema = z.object({ revoked: z.literal(true) });
/** The id of the record a delete removed. */
export const DeletedIdAnswerSchema = z.object({ id: z.string() });
/** How many records an archive action archived. */
export const ArchivedCountSchema = z.object({ archived: z.number().int().nonnegative() });
