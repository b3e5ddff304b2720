import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One request the receiver got, with what its verification said. */
export interface ReceivedWebhook {
  at: number;
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  /** Verified with `secrets` as they were when it arrived (the secret that verified, or null). */
  verifiedWith: string | null;
}

/** How the receiver answers one request: a status, headers, a delay before answering. */
export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
  /** Wait this long before answering (longer than the sender's timeout: no answer). */
  delayMs?: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port> */
  origin: string;
  received: ReceivedWebhook[];
  /** The secrets the receiver verifies with (any one verifying accepts the message). */
  secrets: string[];
  /** Answers for the next requests, in order; then 200. */
  script(...answers: ScriptedAnswer[]): void;
  /** Resolves once `count` requests arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

/**
 * A Standard Webhooks receiver on 127.0.0.1 (node:http): it verifies every request with the
 * `standardwebhooks` Webhook class, as a customer's receiver would, and answers as scripted.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers: ScriptedAnswer[] = [];
  const waiters: (() => void)[] = [];
  const receiver = { secrets: [] as string[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = {
        "webhook-id": String(req.headers["webhook-id"] ?? ""),
        "webhook-timestamp": String(req.headers["webhook-timestamp"] ?? ""),
        "webhook-signature": String(req.headers["webhook-signature"] ?? ""),
      };
      const verifiedWith =
        receiver.secrets.find((secret) => {
          try {
            new Webhook(secret).verify(body, headers);
            return true;
          } catch {
            return false;
          }
        }) ?? null;
      received.push({
        at: Date.now(),
        path: req.url ?? "",
        id: headers["webhook-id"],
        timestamp: headers["webhook-timestamp"],
        signature: headers["webhook-signature"],
        body,
        verifiedWith,
      });
      for (const wake of waiters.splice(0)) wake();
      const answer = answers.shift() ?? { status: verifiedWith ? 200 : 401 };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
        res.end(answer.body ?? (answer.status < 300 ? "ok" : "no"));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    get secrets() {
      return receiver.secrets;
    },
    set secrets(value: string[]) {
      receiver.secrets = value;
    },
    script: (...next) => answers.push(...next),
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const deadline = setTimeout(
          () => reject(new Error(`expected ${count} webhook requests, got ${received.length}`)),
          timeoutMs,
        );
        const check = () => {
          if (received.length >= count) {
            clearTimeout(deadline);
            resolve(received.slice());
          } else waiters.push(check);
        };
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
