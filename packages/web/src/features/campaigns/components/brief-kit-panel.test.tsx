import type { Kit } from "@content-studio/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fail, installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { BriefKitPanel } from "./brief-kit-panel";
import {
  buildBrief,
  buildKit,
  buildKitStep,
  kitCounts,
  OPTIONS,
} from "../../../../test/campaigns-fixtures";

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(kit: Kit) {
    act(() => this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(kit) })));
  }
}

const summary = (kit: Kit) => ({
  id: kit.id,
  status: kit.status,
  createdAt: kit.createdAt,
  finishedAt: kit.finishedAt,
  total: kit.steps.length,
  done: kit.counts.done ?? 0,
  failed: kit.counts.failed ?? 0,
});

const renderPanel = () =>
  renderWithProviders(
    <BriefKitPanel briefId="brief-1" personas={OPTIONS.personas} industries={OPTIONS.industries} />,
  );

/** Serves `kit` as the brief's latest kit (and any further `routes`), then renders the panel. */
function showKit(kit: Kit, routes: Parameters<typeof installFakeApi>[0] = {}) {
  const fake = installFakeApi({
    "GET /api/campaigns/brief-1": ok(buildBrief({ latestKit: summary(kit) })),
    "GET /api/kits/kit-1": ok(kit),
    ...routes,
  });
  renderPanel();
  return fake;
}

/** The fixture kit just started: every step queued without findings, only Cancel offered. */
const runningKit = (overrides: Partial<Kit> = {}) =>
  buildKit({
    status: "running",
    finishedAt: null,
    counts: kitCounts({ queued: 5 }),
    steps: buildKit().steps.map((s) => ({ ...s, status: "queued" as const, findings: [] })),
    can: { cancel: true, resume: false, retry: false, submit: false },
    ...overrides,
  });

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  FakeEventSource.instances = [];
});

describe("BriefKitPanel", () => {
  it("offers Generate kit when there is no kit yet and shows the run view once started", async () => {
    const running = runningKit({ elapsedMs: 5_000 });
    const { requests } = installFakeApi({
      "GET /api/campaigns/brief-1": ok(buildBrief()),
      "POST /api/campaigns/brief-1/kits": ok(running, 201),
    });
    renderPanel();
    expect(await screen.findByText(/writes every chosen asset/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Generate kit" }));

    expect(await screen.findByText("0 of 5 finished (0%)")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel kit" })).toBeInTheDocument();
    expect(screen.getAllByText("Queued").length).toBeGreaterThan(1);
    expect(requests.some((r) => r.method === "POST" && r.path.endsWith("/kits"))).toBe(true);
    expect(FakeEventSource.instances.at(-1)?.url).toBe("/api/kits/kit-1/events");
  });

  it("renders a finished kit: progress, notices, names, chips, scores, findings and links", async () => {
    const kit = buildKit();
    showKit(kit);
    expect(await screen.findByText("5 of 5 finished (100%)")).toBeInTheDocument();
    expect(screen.getByText("Took 2 min 10 s")).toBeInTheDocument();
    expect(screen.getByText(/German will not be written/)).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { name: "CTO · Aerospace · Awareness" }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole("heading", { name: "VP Engineering · Industrial · Decision" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Score 82%")).toBeInTheDocument();
    expect(screen.getAllByText("1 finding").length).toBeGreaterThan(0);
    expect(screen.getByText("The writer timed out.")).toBeInTheDocument();
    expect(
      screen.getByRole("link", {
        name: "Open Article (English) for CTO · Aerospace · Awareness in the library",
      }),
    ).toHaveAttribute("href", "/library/item-1");
    expect(screen.getByRole("link", { name: "Export kit" })).toHaveAttribute(
      "href",
      "/api/kits/kit-1/export.zip",
    );
    // Finished: no stream is opened.
    expect(FakeEventSource.instances).toHaveLength(0);

    const details = screen.getByRole("button", {
      name: "Details of Article (English) for CTO · Aerospace · Awareness",
    });
    expect(details).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(details);
    expect(details).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("The article says 40%, the fact 35-45%.")).toBeInTheDocument();
  });

  it("filters by status, language and stage", async () => {
    const kit = buildKit();
    showKit(kit);
    const entries = await screen.findByRole("list", { name: "Kit entries by cell" });
    const headings = () =>
      within(entries)
        .getAllByRole("heading")
        .map((h) => h.textContent);
    await userEvent.selectOptions(screen.getByLabelText("Status"), "failed");
    expect(within(entries).getAllByRole("heading")).toHaveLength(1);
    expect(within(entries).getByText("Failed")).toBeInTheDocument();
    expect(within(entries).queryByText("Done")).not.toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Status"), "");
    await userEvent.selectOptions(screen.getByLabelText("Language"), "de");
    expect(headings()).toEqual(["CTO · Aerospace · Awareness"]);
    expect(within(entries).getByText("Skipped")).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText("Language"), "");
    await userEvent.selectOptions(screen.getByLabelText("Stage"), "decision");
    expect(headings()).toEqual(["VP Engineering · Industrial · Decision"]);
  });

  it("retries a failed entry through its endpoint and shows the answer", async () => {
    const kit = buildKit();
    const retried = buildKit({
      status: "running",
      counts: kitCounts({ done: 3, queued: 1, skipped: 1 }),
      steps: kit.steps.map((s) =>
        s.id === "s-4" ? { ...s, status: "queued" as const, reason: null } : s,
      ),
      can: { cancel: true, resume: false, retry: false, submit: true },
    });
    const { requests } = showKit(kit, {
      "POST /api/kits/kit-1/steps/:stepId/retry": ok(retried),
    });
    await userEvent.click(
      await screen.findByRole("button", {
        name: "Retry Article (English) for VP Engineering · Industrial · Decision",
      }),
    );
    expect(await screen.findByText("4 of 5 finished (80%)")).toBeInTheDocument();
    expect(requests.find((r) => r.path.endsWith("/retry"))?.params.stepId).toBe("s-4");
    expect(screen.queryByRole("button", { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it("applies a finding's suggested substitution in one click", async () => {
    const base = buildKit();
    const kit = buildKit({
      steps: base.steps.map((s) =>
        s.id === "s-1"
          ? {
              ...s,
              findings: [
                {
                  code: "language.forbidden-term",
                  message: "The forbidden term “guesstimate” is used.",
                  fix: { from: "guesstimate", to: "cost estimate" },
                },
              ],
            }
          : s,
      ),
      can: { cancel: false, resume: false, retry: false, submit: true },
    });
    const fixed = buildKit({
      steps: kit.steps.map((s) => (s.id === "s-1" ? { ...s, findings: [] } : s)),
      can: kit.can,
    });
    const { requests } = showKit(kit, {
      "POST /api/kits/kit-1/steps/:stepId/fix": ok(fixed),
    });
    await userEvent.click(
      await screen.findByRole("button", {
        name: "Details of Article (English) for CTO · Aerospace · Awareness",
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: /^Replace “guesstimate”/ }));
    await waitFor(() =>
      expect(
        screen.queryByText("The forbidden term “guesstimate” is used."),
      ).not.toBeInTheDocument(),
    );
    const sent = requests.find((r) => r.path.endsWith("/fix"));
    expect(sent?.params.stepId).toBe("s-1");
    expect(sent?.body).toEqual({ from: "guesstimate", to: "cost estimate" });
  });

  it("shows the server's message when an action is refused", async () => {
    const kit = buildKit();
    showKit(kit, {
      "POST /api/kits/kit-1/resume": fail(409, "conflict", "This kit is already running."),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Resume kit" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("This kit is already running.");
  });

  it("submits the selected entries and reports what was skipped and why", async () => {
    const kit = buildKit();
    const { requests } = showKit(kit, {
      "POST /api/kits/kit-1/submit": ok({
        submitted: 1,
        skipped: [{ stepId: "s-5", reason: "Already submitted." }],
      }),
    });
    await userEvent.click(
      await screen.findByRole("checkbox", {
        name: "Select Article (English) for CTO · Aerospace · Awareness",
      }),
    );
    await userEvent.click(
      screen.getByRole("checkbox", {
        name: "Select LinkedIn post (English) for VP Engineering · Industrial · Decision",
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Submit 2 selected for approval" }));
    expect(await screen.findByText(/1 item submitted for approval/)).toBeInTheDocument();
    expect(
      screen.getByText(
        "LinkedIn post (English) · VP Engineering · Industrial · Decision: Already submitted.",
      ),
    ).toBeInTheDocument();
    expect(requests.find((r) => r.path.endsWith("/submit"))?.body).toEqual({
      stepIds: ["s-1", "s-5"],
    });
  });

  it("follows a running kit over server-sent events and announces the end", async () => {
    const running = runningKit({ elapsedMs: 65_000, estimateMs: 130_000, notices: [] });
    const queued = running.steps;
    showKit(running);
    expect(await screen.findByText("1 min 5 s so far · about 2 min left")).toBeInTheDocument();
    expect(screen.getByText("Kit running.")).toBeInTheDocument();
    const source = FakeEventSource.instances.at(-1)!;
    expect(source.url).toBe("/api/kits/kit-1/events");

    source.emit({
      ...running,
      counts: kitCounts({ writing: 1, done: 1, queued: 3 }),
      steps: queued.map((s, i) =>
        i === 0
          ? buildKitStep({ ...s, status: "done" })
          : i === 1
            ? { ...s, status: "writing" as const }
            : s,
      ),
    });
    // React Query tells its observers on the next tick.
    expect(await screen.findByText("1 of 5 finished (20%)")).toBeInTheDocument();
    expect(screen.getAllByText("Writing").length).toBeGreaterThan(0);

    source.emit(buildKit({ notices: [] }));
    expect(await screen.findByText("5 of 5 finished (100%)")).toBeInTheDocument();
    expect(screen.getByText("Kit finished: 3 done, 1 failed, 1 skipped.")).toBeInTheDocument();
    expect(source.closed).toBe(true);
  });

  it("keeps following a cancelled kit until the step in flight is back in the queue", async () => {
    const running = runningKit({ notices: [] });
    const queued = running.steps;
    showKit(running);
    await screen.findByText("Kit running.");
    const source = FakeEventSource.instances.at(-1)!;
    const cancelled = {
      ...running,
      status: "cancelled" as const,
      can: { cancel: false, resume: true, retry: false, submit: false },
    };
    // Cancelled while the first step was being written: its answer is not stored.
    source.emit({
      ...cancelled,
      counts: kitCounts({ writing: 1, queued: 4 }),
      steps: queued.map((s, i) => (i === 0 ? { ...s, status: "writing" as const } : s)),
    });
    expect(await screen.findByText(/^Kit cancelled/)).toBeInTheDocument();
    expect(source.closed).toBe(false);
    source.emit({ ...cancelled, counts: kitCounts({ queued: 5 }) });
    const perStatus = await screen.findByRole("list", { name: "Entries per status" });
    expect(within(perStatus).getByText("Writing").parentElement).toHaveTextContent("Writing0");
    expect(source.closed).toBe(true);
  });

  it("polls the kit when the event stream fails", async () => {
    const running = runningKit();
    let answer = running;
    const { requests } = showKit(running, { "GET /api/kits/kit-1": () => ok(answer) });
    await screen.findByText("0 of 5 finished (0%)");
    const source = FakeEventSource.instances.at(-1)!;
    answer = buildKit();
    act(() => source.onerror?.());
    expect(source.closed).toBe(true);
    expect(
      await screen.findByText("5 of 5 finished (100%)", {}, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.path === "/api/kits/kit-1").length).toBeGreaterThan(1);
  });

  it("explains a kit that cannot be loaded and tries again", async () => {
    const kit = buildKit();
    const { routes } = showKit(kit, {
      "GET /api/kits/kit-1": fail(500, "internal_error", "Something went wrong."),
    });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The kit could not be loaded: Something went wrong.",
    );
    routes["GET /api/kits/kit-1"] = ok(kit);
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("5 of 5 finished (100%)")).toBeInTheDocument();
  });
});
