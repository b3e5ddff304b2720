import nodemailer, { type Transporter } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Outgoing mail. `enabled` is false when SMTP_URL and MAIL_FROM are not configured. */
export interface Mailer {
  readonly enabled: boolean;
  /** Sends now; rejects on failure. */
  send(message: MailMessage): Promise<void>;
  /** Sends without making the caller wait; a failure is logged, never thrown. */
  sendInBackground(message: MailMessage, onError: (error: unknown) => void): void;
  /** Waits for messages still being sent, then closes the connection pool. */
  close(): Promise<void>;
}

export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://…:465; credentials only from the environment. */
  smtpUrl: string;
  /** The sender, e.g. `Content Studio <no-reply@example.com>`. */
  from: string;
}

/** The mail provider is reached only through this module (nodemailer over SMTP). */
export function createMailer(config: MailConfig | undefined): Mailer {
  if (!config) {
    return {
      enabled: false,
      send: () => Promise.reject(new Error("Outgoing mail is not configured.")),
      sendInBackground: (_message, onError) =>
        onError(new Error("Outgoing mail is not configured.")),
      close: async () => {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(config.smtpUrl, {
    from: config.from,
  });
  const pending = new Set<Promise<void>>();
  const send = async (message: MailMessage) => {
    await transport.sendMail({
      from: config.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
    });
  };
  return {
    enabled: true,
    send,
    sendInBackground(message, onError) {
      const sending = send(message).catch(onError);
      pending.add(sending);
      void sending.finally(() => pending.delete(sending));
    },
    async close() {
      await Promise.allSettled([...pending]);
      transport.close();
    },
  };
}
