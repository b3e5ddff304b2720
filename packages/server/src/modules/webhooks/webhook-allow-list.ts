import net from "node:net";
import { WebhookAllowListSchema, type WebhookAllowList } from "@content-studio/contract";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/types";
import { fieldError } from "../../lib/app-error";
import { checkRemoteUrl, resolvePublicAddresses } from "../examples/sources/remote-archive";
import { SourceError } from "../examples/sources/source";
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
  const refuse = (message: string): never => {
    throw fieldError("body.url", message);
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse("The endpoint URL is not a valid URL.");
  }
  try {
    const { trusted } = checkRemoteUrl(url, { allowedOrigins });
    if (!trusted && net.isIP(url.hostname.replace(/^\[|\]$/g, "")) === 0) {
      await resolvePublicAddresses(url.hostname, false, "The endpoint URL");
    }
  } catch (error) {
    if (error instanceof SourceError) return refuse(`Endpoint URL: ${error.message}`);
    throw error;
  }
}
