import { sql, type Insertable, type Selectable } from "kysely";
import { idTable, rowsWhereIn, userNameOf, type Db } from "../../db/queries";
import type {
  WebhookAttemptTable,
  WebhookDeliveryTable,
  WebhookEndpointTable,
} from "../../db/types";

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
    .selectAll("e")
    .select((eb) => {
      const latestDelivery = eb
        .selectFrom("webhook_delivery as d")
        .whereRef("d.endpoint_id", "=", "e.id")
        .orderBy("d.created_at", "desc")
        .limit(1);
      return [
        userNameOf(eb.ref("e.created_by")).as("creator_name"),
        latestDelivery.select("d.status").as("last_status"),
        latestDelivery.select("d.created_at").as("last_at"),
      ];
    })
    .orderBy("e.created_at")
    .orderBy("e.id")
    .execute();
}

const endpoints = idTable("webhook_endpoint");
export const countEndpoints = endpoints.count;
export const findEndpoint = endpoints.find;

/** The enabled endpoints subscribed to `eventType`. */
export function findSubscribedEndpoints(db: Db, eventType: string): Promise<{ id: string }[]> {
  return db
    .selectFrom("webhook_endpoint")
    .select("id")
    .where("enabled", "=", true)
    .where(sql<boolean>`events @> ${JSON.stringify([eventType])}::jsonb`)
    .execute();
}

export const insertEndpoint = endpoints.insert;
export const updateEndpoint = endpoints.update;
export const deleteEndpoint = endpoints.delete;

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

const deliveries = idTable("webhook_delivery");
export const insertDelivery = deliveries.insert;
export const findDelivery = deliveries.find;

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
  return rowsWhereIn(db, "webhook_attempt", "delivery_id", deliveryIds, ["attempt", "started_at"]);
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
