// A loopback OpenAI Responses API (POST /v1/responses) for e2e journeys: answers every call
// with the JSON object `reply(body)` returns, as structured output (the JSON as output_text),
// plain or as the SSE event stream the AI SDK reads when the request has `stream: true`.
// The unit tests' richer fake is packages/server/test/fakes/ai-provider-server.ts.
import http from "node:http";

/**
 * @typedef {object} FakeOpenAiRequest
 * @property {string} path
 * @property {string} model
 * @property {boolean} stream
 * @property {boolean} authorized  the Bearer key was the expected one
 */

/**
 * @param {object} options
 * @param {string} options.apiKey  requests with another Bearer key get OpenAI's 401
 * @param {(body: Record<string, unknown>) => unknown} options.reply  the model's answer for a request body
 */
export async function startFakeOpenAi({ apiKey, reply }) {
  /** @type {FakeOpenAiRequest[]} */
  const requests = [];
  let sequence = 0;

  const server = http.createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
      /** @type {Record<string, unknown>} */
      let body = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        // answered below as a bad request
      }
      const stream = body.stream === true;
      const authorized = req.headers.authorization === `Bearer ${apiKey}`;
      const model = typeof body.model === "string" ? body.model : "";
      requests.push({ path, model, stream, authorized });

      if (req.method !== "POST" || path !== "/v1/responses") {
        return sendJson(res, 404, { error: { message: `No route for ${req.method} ${path}` } });
      }
      if (!authorized) {
        const error = { message: "Incorrect API key provided.", type: "invalid_request_error" };
        return sendJson(res, 401, { error: { ...error, param: null, code: "invalid_api_key" } });
      }
      sequence += 1;
      const text = JSON.stringify(reply(body));
      if (stream) sendStream(res, `resp_${sequence}`, `msg_${sequence}`, model, text);
      else sendJson(res, 200, responseBody(`resp_${sequence}`, `msg_${sequence}`, model, text));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    /** For OPENAI_BASE_URL. */
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** @returns {Promise<void>} */
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const USAGE = {
  input_tokens: 120,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 80,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 200,
};

/**
 * @param {string} id @param {string} itemId @param {string} model @param {string} text
 */
function responseBody(id, itemId, model, text) {
  return {
    id,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    model,
    status: "completed",
    incomplete_details: null,
    output: [
      {
        type: "message",
        id: itemId,
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text, annotations: [] }],
      },
    ],
    usage: USAGE,
  };
}

/**
 * The Responses API event sequence: created, item added, part added, text deltas, item done,
 * completed.
 * @param {http.ServerResponse} res @param {string} id @param {string} itemId
 * @param {string} model @param {string} text
 */
function sendStream(res, id, itemId, model, text) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  let n = 0;
  /** @param {Record<string, unknown>} data */
  const event = (data) =>
    res.write(
      `event: ${String(data.type)}\ndata: ${JSON.stringify({ ...data, sequence_number: n++ })}\n\n`,
    );
  const response = {
    id,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    model,
    status: "in_progress",
  };
  const item = {
    type: "message",
    id: itemId,
    role: "assistant",
    status: "in_progress",
    content: [],
  };
  const at = { item_id: itemId, output_index: 0, content_index: 0 };
  event({ type: "response.created", response });
  event({ type: "response.output_item.added", output_index: 0, item });
  event({
    type: "response.content_part.added",
    ...at,
    part: { type: "output_text", text: "", annotations: [] },
  });
  const size = Math.ceil(text.length / 4) || 1;
  for (let i = 0; i < text.length; i += size) {
    event({ type: "response.output_text.delta", ...at, delta: text.slice(i, i + size) });
  }
  event({
    type: "response.output_item.done",
    output_index: 0,
    item: {
      ...item,
      status: "completed",
      content: [{ type: "output_text", text, annotations: [] }],
    },
  });
  event({
    type: "response.completed",
    response: { ...response, status: "completed", incomplete_details: null, usage: USAGE },
  });
  res.end();
}

/** @param {http.ServerResponse} res @param {number} status @param {unknown} body */
function sendJson(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}
