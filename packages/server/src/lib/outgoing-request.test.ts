import http from "node:http";
import type { AddressInfo } from "node:net";
import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OutgoingTimeout, sendOutgoing } from "./outgoing-request";

describe("sendOutgoing", () => {
  let server: http.Server;
  let port = 0;
  const seen: { url?: string; method?: string; body: string; host?: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        seen.push({ url: req.url, method: req.method, body, host: req.headers.host });
        if (req.url === "/slow") return void setTimeout(() => res.end("late"), 2_000);
        if (req.url === "/moved") {
          res.writeHead(302, { location: "/elsewhere" });
          return void res.end();
        }
        if (req.url === "/big") return void res.end("x".repeat(100_000));
        res.writeHead(201, { "retry-after": "7" });
        res.end(`got ${body}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("connects to the address its lookup gives (the checked one), not a second resolution", async () => {
    const asked: string[] = [];
    // A name no resolver knows: the request can only reach the server through this lookup.
    const lookup: net.LookupFunction = (hostname, options, callback) => {
      asked.push(hostname);
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address: "127.0.0.1", family: 4 },
        ]);
      } else callback(null, "127.0.0.1", 4);
    };
    const answer = await sendOutgoing(new URL(`http://receiver.invalid:${port}/hook`), {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "hello",
      timeoutMs: 2_000,
      readLimit: 1024,
      lookup,
    });
    expect(asked).toEqual(["receiver.invalid"]);
    expect(answer.status).toBe(201);
    expect(answer.body.toString()).toBe("got hello");
    expect(answer.headers["retry-after"]).toBe("7");
    expect(seen.at(-1)).toMatchObject({ method: "POST", host: `receiver.invalid:${port}` });
  });

  it("rejects with the lookup's own refusal, and nothing is sent", async () => {
    const before = seen.length;
    const refusal = new Error("The URL resolves to a private or loopback address.");
    const lookup: net.LookupFunction = (_hostname, _options, callback) => callback(refusal, "", 4);
    await expect(
      sendOutgoing(new URL(`http://receiver.invalid:${port}/hook`), {
        method: "GET",
        headers: {},
        timeoutMs: 2_000,
        readLimit: 1024,
        lookup,
      }),
    ).rejects.toBe(refusal);
    expect(seen.length).toBe(before);
  });

  it("does not follow a redirect, stops reading at the limit, and times out", async () => {
    const base = `http://127.0.0.1:${port}`;
    const options = { method: "GET" as const, headers: {}, timeoutMs: 500, readLimit: 1000 };
    const moved = await sendOutgoing(new URL(`${base}/moved`), options);
    expect(moved.status).toBe(302);
    expect(seen.map((r) => r.url)).not.toContain("/elsewhere");
    const big = await sendOutgoing(new URL(`${base}/big`), options);
    expect(big.body.length).toBe(1000);
    const started = Date.now();
    await expect(sendOutgoing(new URL(`${base}/slow`), options)).rejects.toBeInstanceOf(
      OutgoingTimeout,
    );
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
