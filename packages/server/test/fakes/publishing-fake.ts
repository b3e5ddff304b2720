import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";

/** One request a fake received. */
export interface FakeRequest {
  at: number;
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

/** A scripted answer for the next matching request (then the fake's own behaviour). */
export interface ScriptedAnswer {
  /** Only requests whose "METHOD path" matches this answer it (default: any). */
  match?: RegExp;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /**
   * Handle the request as usual but answer only after this long (longer than the client's
   * timeout: the work is done, the answer lost).
   */
  delayMs?: number;
}

/** What every target fake shares: a Fastify app on 127.0.0.1, its request log, the tripwire. */
export interface PublishingFake {
  /** http://127.0.0.1:<port> */
  origin: string;
  requests: FakeRequest[];
  /** Publish calls received (each answered 418): a test asserts this stays empty. */
  tripwire: FakeRequest[];
  script(...answers: ScriptedAnswer[]): void;
  /** Resolves once `count` requests matching `match` arrived. */
  waitFor(match: RegExp, count: number, timeoutMs?: number): Promise<FakeRequest[]>;
  close(): Promise<void>;
}

export interface FakeBase extends PublishingFake {
  app: FastifyInstance;
  /** Logs the request; answers a scripted answer or the tripwire; true when it answered. */
  intercept(request: FastifyRequest, reply: FastifyReply): boolean;
  /** Records a publish call and answers 418. */
  trip(request: FastifyRequest, reply: FastifyReply, why: string): FastifyReply;
  /** The delay a scripted answer asked for this request (0 when none). */
  delayOf(request: FastifyRequest): number;
}

/** A Fastify app for a fake target, with the parts every fake shares. */
export function fakeBase(): Omit<FakeBase, "origin"> & { listen(): Promise<string> } {
  const app = Fastify({ logger: false });
  const requests: FakeRequest[] = [];
  const tripwire: FakeRequest[] = [];
  const answers: ScriptedAnswer[] = [];
  const delays = new WeakMap<FastifyRequest, number>();
  const waiters: (() => void)[] = [];
  const entry = (request: FastifyRequest): FakeRequest => ({
    at: Date.now(),
    method: request.method,
    path: request.url,
    authorization: request.headers.authorization ?? null,
    body: request.body ?? null,
  });
  const fake = {
    app,
    requests,
    tripwire,
    script: (...next: ScriptedAnswer[]) => answers.push(...next),
    intercept(request: FastifyRequest, reply: FastifyReply): boolean {
      requests.push(entry(request));
      for (const wake of waiters.splice(0)) wake();
      const key = `${request.method} ${request.url}`;
      const index = answers.findIndex((a) => !a.match || a.match.test(key));
      if (index === -1) return false;
      const [answer] = answers.splice(index, 1);
      if (answer!.delayMs) {
        delays.set(request, answer!.delayMs);
        return false;
      }
      void reply
        .code(answer!.status)
        .headers(answer!.headers ?? {})
        .send(answer!.body ?? {});
      return true;
    },
    trip(request: FastifyRequest, reply: FastifyReply, why: string) {
      tripwire.push(entry(request));
      return reply.code(418).send({ message: `Tripwire: ${why}` });
    },
    delayOf: (request: FastifyRequest) => delays.get(request) ?? 0,
    waitFor(match: RegExp, count: number, timeoutMs = 15_000): Promise<FakeRequest[]> {
      const matching = () => requests.filter((r) => match.test(`${r.method} ${r.path}`));
      return new Promise((resolve, reject) => {
        const deadline = setTimeout(
          () =>
            reject(new Error(`expected ${count} requests like ${match}, got ${matching().length}`)),
          timeoutMs,
        );
        const check = () => {
          if (matching().length >= count) {
            clearTimeout(deadline);
            resolve(matching());
          } else waiters.push(check);
        };
        check();
      });
    },
    async listen() {
      return app.listen({ host: "127.0.0.1", port: 0 });
    },
    close: () => app.close(),
  };
  return fake;
}

/** Answers after the scripted delay (the handler's work already done), or at once. */
export async function answerLater(base: Pick<FakeBase, "delayOf">, request: FastifyRequest) {
  const ms = base.delayOf(request);
  if (ms > 0) await new Promise((r) => setTimeout(r, ms));
}
