// A real SMTP server on 127.0.0.1 for journeys that send mail (the server tests use the
// TypeScript twin in packages/server/test/fakes/smtp-server.ts). Keeps every message, parsed.
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { eventually } from "./wait.mjs";

/**
 * @returns {Promise<{ url: string, messages: { to: string[], subject: string, text: string }[],
 *   waitForMessage: (to: string) => Promise<{ to: string[], subject: string, text: string }>,
 *   close: () => Promise<void> }>}
 */
export async function startSmtp() {
  /** @type {{ to: string[], subject: string, text: string }[]} */
  const messages = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
          });
          callback();
        })
        .catch((/** @type {Error} */ error) => callback(error));
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMessage: (to) =>
      eventually(() => {
        const found = messages.find((m) => m.to.includes(to.toLowerCase()));
        if (!found) throw new Error(`no mail to ${to} yet`);
        return found;
      }),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
