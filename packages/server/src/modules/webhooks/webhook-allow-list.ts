import { WebhookAllowListSchema, type WebhookAllowList } from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";
import { checkUrlField } from "../examples/url-field";
import { readSetting } from "../settings/settings.repository";

/** The app setting holding the origins endpoints may use over http or on private addresses. */
export const WEBHOOK_ALLOW_LIST_SETTING = "webhooks.allowList";

export async function getWebhookAllowList(
  db: Kysely<Database> | Transaction<Database>,
): Promise<WebhookAllowList> {
  const stored = WebhookAllowListSchema.safeParse(
    await readSetting(db, WEBHOOK_ALLOW_LIST_SETTING),
  );
  return stored.success ? stored.data : { allowedOrigins: [] };
}

/**
 * An endpoint URL follows the rules of every outgoing URL: https, no credentials, no private,
 * loopback or link-local address (literal, or after DNS now), unless its origin is
 * allow-listed. Refused with a 400 naming `body.url`. Checked again at every delivery, since
 * DNS answers change.
 */
export async function checkEndpointUrl(raw: string, allowedOrigins: string[]): Promise<void> {
  await checkUrlField(raw, {
    path: "body.url",
    name: "endpoint URL",
    allowedOrigins,
    resolve: true,
  });
}
