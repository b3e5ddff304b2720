import nodemailer, { type Transporter } from "nodemailer";
import { z } from "zod";
import { deriveKey, seal, SealError, unseal } from "../../lib/sealed";

const MailMessageSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() });

export type MailMessage = z.infer<typeof MailMessageSchema>;

/** Outgoing mail. `enabled` is false when SMTP_URL and MAIL_FROM are not configured. */
export interface Mailer {
  readonly enabled: boolean;
  /** Sends now; rejects on failure (the mail queue's worker calls it). */
  send(message: MailMessage): Promise<void>;
  /** The message encrypted for a job row: the row never holds the address, text or a link. */
  seal(message: MailMessage): string;
  /** Opens a sealed message; throws SealError when it was altered or sealed under another secret. */
  unseal(sealed: string): MailMessage;
  /** Closes the connection to the mail server. */
  close(): Promise<void>;
}

export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://…:465; credentials only from the environment. */
  smtpUrl: string;
  /** The sender, e.g. `Content Studio <no-reply@example.com>`. */
  from: string;
}

/** What the mail key is derived for: changing it makes every queued message unreadable. */
const MAIL_KEY_PURPOSE = "content-studio mail v1";

/**
 * The mail provider is reached only through this module (nodemailer over SMTP). `secret` is
 * the server secret (the auth secret); queued messages are sealed under a key derived from it.
 */
export function createMailer(config: MailConfig | undefined, secret: string): Mailer {
  const key = deriveKey(secret, MAIL_KEY_PURPOSE);
  const sealing = {
    seal: (message: MailMessage) => seal(key, message),
    unseal: (sealed: string) => {
      const parsed = MailMessageSchema.safeParse(unseal(key, sealed));
      if (!parsed.success) throw new SealError();
      return parsed.data;
    },
  };
  if (!config) {
    return {
      enabled: false,
      send: () =>
        Promise.reject(
          Object.assign(new Error("Outgoing mail is not configured."), { code: "ENOTCONFIGURED" }),
        ),
      ...sealing,
      close: async () => {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(config.smtpUrl, {
    from: config.from,
  });
  return {
    enabled: true,
    async send(message) {
      await transport.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
      });
    },
    ...sealing,
    close: async () => transport.close(),
  };
}
