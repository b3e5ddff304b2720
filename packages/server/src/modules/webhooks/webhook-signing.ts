import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";

/** A new signing secret: `whsec_` and 32 random bytes in base64 (the Standard Webhooks form). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** A message id for the `webhook-id` header: the same on every attempt of one message. */
export function newMessageId(): string {
  return `msg_${randomBytes(16).toString("hex")}`;
}

/**
 * The three Standard Webhooks headers for one attempt. Each secret signs (`v1,<base64>`); with
 * two (during a rotation's overlap) both signatures go in `webhook-signature`, space-separated,
 * so a receiver holding either secret verifies the message.
 */
export function signedHeaders(
  secrets: string[],
  messageId: string,
  at: Date,
  body: string,
): Record<string, string> {
  return {
    "webhook-id": messageId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((s) => new Webhook(s).sign(messageId, at, body)).join(" "),
  };
}
