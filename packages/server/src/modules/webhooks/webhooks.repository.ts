import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from "kysely";
import type {
  Database,
  WebhookAttemptTable,
  WebhookDeliveryTable,
  WebhookEndpointTable,
} from "../../db/types";

type Db = Kysely<Database> | Transaction<Database>;

export type WebhookEndpointRow = Selectable<WebhookEndpointTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptTable>;

/** An endpoint with its creator's name and the status of its latest delivery. */
export type WebhookEndpointListRow = WebhookEndpointRow & {
  creator_name: string | null;
  last_status: WebhookDeliveryRow["status"] | null;
  last_at: Date | null;
};

export function listEndpoints(db: Db): Promise<WebhookEndpointListRow[]> {
  return db
    .selectFrom("webhook_endpoint as e")
    .leftJoin("user as u", "u.id", "e.created_by")
    .selectAll("e")
    .select("u.name as creator_name")
    .select((eb) => [
      eb
        .selectFrom("webhook_delivery as d")
        .select("d.status")
        .whereRef("d.endpoint_id", "=", "e.id")
        .orderBy("d.created_at", "desc")
        .limit(1)
        .as("last_status"),
      eb
        .selectFrom("webhook_delivery as d")
        .select("d.created_at")
        .whereRef("d.endpoint_id", "=", "e.id")
        .orderBy("d.created_at", "desc")
        .limit(1)
        .as("last_at"),
    ])
    .orderBy("e.created_at")
    .orderBy("e.id")
    .execute();
}

export async function countEndpoints(db: Db): Promise<number> {
  const row = await db
    .selectFrom("webhook_endpoint")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findEndpoint(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookEndpointRow | undefined> {
  const query = db.selectFrom("webhook_endpoint").selectAll().where("id", "=", id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The enabled endpoints subscribed to `eventType`. */
export function findSubscribedEndpoints(db: Db, eventType: string): Promise<{ id: string }[]> {
  return db
    .selectFrom("webhook_endpoint")
    .select("id")
    .where("enabled", "=", true)
    .where(sql<boolean>`events @> ${JSON.stringify([eventType])}::jsonb`)
    .execute();
}

export async function insertEndpoint(
  db: Db,
  row: Insertable<WebhookEndpointTable>,
): Promise<WebhookEndpointRow> {
  return db.insertInto("webhook_endpoint").values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateEndpoint(
  db: Db,
  id: string,
  update: Partial<Omit<Insertable<WebhookEndpointTable>, "id" | "created_at">>,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable("webhook_endpoint")
    .set({ ...update, updated_at: new Date() })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("webhook_endpoint").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The creator of an endpoint, to tell them it was switched off. */
export function findEndpointCreator(
  db: Db,
  endpointId: string,
): Promise<{ name: string; email: string } | undefined> {
  return db
    .selectFrom("webhook_endpoint as e")
    .innerJoin("user as u", "u.id", "e.created_by")
    .select(["u.name", "u.email"])
    .where("e.id", "=", endpointId)
    .executeTakeFirst();
}

export async function insertDelivery(
  db: Db,
  row: Insertable<WebhookDeliveryTable>,
): Promise<WebhookDeliveryRow> {
  return db.insertInto("webhook_delivery").values(row).returningAll().executeTakeFirstOrThrow();
}

export function findDelivery(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<WebhookDeliveryRow | undefined> {
  const query = db.selectFrom("webhook_delivery").selectAll().where("id", "=", id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export async function updateDelivery(
  db: Db,
  id: string,
  update: Pick<Partial<WebhookDeliveryRow>, "status" | "next_attempt_at">,
): Promise<void> {
  await db.updateTable("webhook_delivery").set(update).where("id", "=", id).execute();
}

/** The latest deliveries of an endpoint, newest first. */
export function listDeliveries(
  db: Db,
  endpointId: string,
  limit: number,
): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom("webhook_delivery")
    .selectAll()
    .where("endpoint_id", "=", endpointId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

export function listAttempts(db: Db, deliveryIds: string[]): Promise<WebhookAttemptRow[]> {
  if (deliveryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("webhook_attempt")
    .selectAll()
    .where("delivery_id", "in", deliveryIds)
    .orderBy("attempt")
    .orderBy("started_at")
    .execute();
}

export async function lastAttemptNumber(db: Db, deliveryId: string): Promise<number> {
  const row = await db
    .selectFrom("webhook_attempt")
    .select((eb) => eb.fn.max<number | null>("attempt").as("n"))
    .where("delivery_id", "=", deliveryId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertAttempt(db: Db, row: Insertable<WebhookAttemptTable>): Promise<void> {
  await db.insertInto("webhook_attempt").values(row).execute();
}

/** Whether each of the endpoint's latest `n` attempts since `since` failed (false with fewer). */
export async function lastAttemptsAllFailed(
  db: Db,
  endpointId: string,
  n: number,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .selectFrom("webhook_attempt")
    .select("ok")
    .where("endpoint_id", "=", endpointId)
    .where("started_at", ">=", since)
    .orderBy("started_at", "desc")
    .limit(n)
    .execute();
  return rows.length >= n && rows.every((r) => !r.ok);
}
