// Webhooks journey: an administrator allow-lists a loopback receiver, adds an endpoint, copies
// its secret (shown once), sends a test event and sees the signed delivery in the endpoint's
// log; the receiver verifies the signature with the standardwebhooks library. Screenshots at
// 1400 and 390 px, light and dark — in real Chromium against the built server.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, describe, it } from "node:test";
import { Webhook } from "standardwebhooks";
import { DESKTOP, PHONE } from "./lib/browser.mjs";
import { useJourney } from "./lib/journey.mjs";
import { createFirstAdmin, setDarkMode } from "./lib/session.mjs";
import { eventually } from "./lib/wait.mjs";

const JOURNEY = "webhooks";
const ADMIN = {
  name: "Dorothy Vaughan",
  email: "dorothy@example.com",
  password: "Fortran-On-IBM-7090",
};

/** A Standard Webhooks receiver on 127.0.0.1 that verifies each message with `secret`. */
async function startReceiver() {
  /** @type {{ id: string, body: string, verified: boolean }[]} */
  const received = [];
  const state = { secret: "" };
  const server = http.createServer((req, res) => {
    const chunks = /** @type {Buffer[]} */ ([]);
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let verified;
      try {
        new Webhook(state.secret).verify(body, {
          "webhook-id": String(req.headers["webhook-id"]),
          "webhook-timestamp": String(req.headers["webhook-timestamp"]),
          "webhook-signature": String(req.headers["webhook-signature"]),
        });
        verified = true;
      } catch {
        verified = false;
      }
      received.push({ id: String(req.headers["webhook-id"]), body, verified });
      res.writeHead(verified ? 200 : 401, { "content-type": "application/json" });
      res.end(JSON.stringify({ received: verified }));
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${address.port}`,
    received,
    state,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

describe("webhooks journey", { timeout: 300_000 }, () => {
  const j = useJourney(JOURNEY, { browser: { viewport: DESKTOP } });
  /** @type {Awaited<ReturnType<typeof startReceiver>>} */
  let receiver;

  before(async () => {
    receiver = await startReceiver();
  });
  after(() => receiver?.close());

  const card = () => j.page.locator("#settings-webhooks");

  it("(a) allow-lists the receiver and adds an endpoint; the secret is shown once", async () => {
    await createFirstAdmin(j.page, j.server.url, ADMIN);
    await j.page.goto(`${j.server.url}/settings#settings-webhooks`);
    await card().getByRole("heading", { name: "Webhooks" }).waitFor();
    await card().getByText("No endpoints yet.").waitFor();

    await card().getByLabel("Allow-listed origins").fill(receiver.origin);
    await card().getByRole("button", { name: "Save allow-list" }).click();
    await eventually(async () =>
      assert.equal(
        await card().getByRole("button", { name: "Save allow-list" }).isDisabled(),
        true,
      ),
    );

    await card().getByRole("button", { name: "Add endpoint" }).click();
    const dialog = j.page.getByRole("dialog", { name: "Add webhook endpoint" });
    await dialog.getByLabel("URL").fill(`${receiver.origin}/hooks/content-studio`);
    await dialog.getByLabel("Description").fill("Marketing automation");
    await dialog.getByRole("checkbox", { name: "Content published" }).check();
    await j.browser.shot("a1-add-endpoint");
    await dialog.getByRole("button", { name: "Add endpoint" }).click();

    const shown = j.page.getByRole("dialog", { name: "Endpoint added" });
    const secret = await shown.getByLabel("Signing secret").inputValue();
    assert.match(secret, /^whsec_/);
    receiver.state.secret = secret;
    await j.browser.shot("a2-secret-once");
    await shown.getByRole("button", { name: "Done" }).click();
    await shown.waitFor({ state: "detached" });
    const row = card().getByRole("listitem", { name: `${receiver.origin}/hooks/content-studio` });
    await row.getByText("Marketing automation").waitFor();
    // Never again: the list answer carries no secret.
    const listed = await j.page.evaluate(() => fetch("/api/webhooks").then((r) => r.text()));
    assert.ok(!listed.includes(secret.slice(6)), "the secret came back");
  });

  it("(b) sends a test event and shows the signed delivery in the log", async () => {
    const row = card().getByRole("listitem", { name: `${receiver.origin}/hooks/content-studio` });
    await row.getByRole("button", { name: "Send test event" }).click();
    const log = j.page.getByRole("dialog", { name: "Delivery log" });
    await log.getByText("webhook.test", { exact: true }).waitFor();
    await log.getByText("succeeded", { exact: true }).waitFor({ timeout: 20_000 });
    await eventually(() => assert.equal(receiver.received.length, 1));
    const [message] = receiver.received;
    assert.equal(message?.verified, true, "the receiver verified the signature");
    await log.getByText(message.id).waitFor();
    await log.getByText(/Attempt 1/).click();
    await log
      .getByText(/"type":"webhook.test"/)
      .first()
      .waitFor();
    await j.browser.shot("b1-delivery-log-1400-light");

    await j.page.setViewportSize(PHONE);
    await j.browser.shot("b2-delivery-log-390-light");
    await log.getByRole("button", { name: "Close", exact: true }).click();
    await card().scrollIntoViewIfNeeded();
    await j.browser.shot("b3-card-390-light");
  });

  it("(c) dark mode at 1400 and 390 px", async () => {
    await setDarkMode(j.page, true);
    await j.page.reload();
    await card().getByRole("heading", { name: "Webhooks" }).waitFor();
    await card().scrollIntoViewIfNeeded();
    await j.browser.shot("c1-card-390-dark");
    await j.page.setViewportSize(DESKTOP);
    const row = card().getByRole("listitem", { name: `${receiver.origin}/hooks/content-studio` });
    await row.getByRole("button", { name: "Delivery log" }).click();
    const log = j.page.getByRole("dialog", { name: "Delivery log" });
    await log.getByText("succeeded", { exact: true }).waitFor();
    await j.browser.shot("c2-delivery-log-1400-dark");
    await log.getByRole("button", { name: "Close", exact: true }).click();
    await card().scrollIntoViewIfNeeded();
    await j.browser.shot("c3-card-1400-dark");
    j.browser.console.assertClean();
  });
});
