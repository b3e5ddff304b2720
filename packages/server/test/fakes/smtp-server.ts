import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpFake {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** How many messages were refused (see `refuseNext`). */
  readonly refused: number;
  /** Answers the next `count` messages' MAIL FROM with `code` (451: try again later). */
  refuseNext(count: number, code?: number): void;
  /** The next message to `to` (already received or arriving within the timeout). */
  waitForMessage(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps every message it
 * receives, parsed. Plain SMTP without STARTTLS or authentication, like a local relay.
 */
export async function startSmtpFake(): Promise<SmtpFake> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const refusals: number[] = [];
  let refused = 0;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      const code = refusals.shift();
      if (code === undefined) return callback();
      refused += 1;
      callback(Object.assign(new Error("Try again later"), { responseCode: code }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const taken = new Set<ReceivedMail>();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refused() {
      return refused;
    },
    refuseNext(count, code = 451) {
      for (let i = 0; i < count; i++) refusals.push(code);
    },
    waitForMessage(to, timeoutMs = 5000) {
      const find = () => messages.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return false;
          taken.add(found);
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
