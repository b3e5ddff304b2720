import {
  CLOUD_SOURCE_NEEDS,
  EXAMPLE_REPO_DEFAULTS,
  type IngestJob,
} from "@content-studio/contract";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  fail,
  file,
  installFakeApi,
  ok,
  type FakeRequest,
  type FakeResponse,
} from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import {
  BUYING_STAGES,
  INDUSTRIES,
  PERSONAS,
  buildExampleDetail,
  buildExampleRepoSettings,
  buildExampleSummary,
  buildIngestJob,
  examplePage,
} from "../../../../test/examples-fixtures";
import { ExamplesPage } from "./examples-page";

type Handler = FakeResponse | ((request: FakeRequest) => FakeResponse | Promise<FakeResponse>);

const REPO_SETTINGS = buildExampleRepoSettings({
  repositorySource: "cloud",
  cloudRepoUrl: "s3://content-studio-examples/benchmarks/",
  can: { edit: false, ingest: true },
});

function LocationProbe() {
  const { search } = useLocation();
  return <output data-testid="location">{search}</output>;
}

function setup(
  routes: Record<string, Handler> = {},
  { route = "/examples?source=local" }: { route?: string } = {},
) {
  const fake = installFakeApi({
    "GET /api/examples": ok(examplePage([])),
    "GET /api/examples/ingest/jobs": ok([]),
    "GET /api/settings/example-repository": ok(REPO_SETTINGS),
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <ExamplesPage personas={PERSONAS} industries={INDUSTRIES} buyingStages={BUYING_STAGES} />
      <LocationProbe />
    </>,
    { route },
  );
  const listRequests = () => fake.requests.filter((r) => r.path === "/api/examples");
  const lastListQuery = () => Object.fromEntries(listRequests().at(-1)?.query ?? []);
  return { ...view, fake, listRequests, lastListQuery };
}

const networkDown = () => {
  throw new TypeError("Failed to fetch");
};

afterEach(() => {
  vi.useRealTimers();
});

describe("ExamplesPage list", () => {
  it("shows the spec's columns, the count line and the source from the URL", async () => {
    const { lastListQuery } = setup({
      "GET /api/examples": ok(
        examplePage([
          buildExampleSummary({
            title: "Should-cost in design reviews",
            category: "good",
            contentType: "technical-guide",
            persona: "Director of Engineering",
            industry: null,
            industryId: null,
            tags: ["should-cost", "dfm", "design-to-cost", "cost-estimation", "npi"],
          }),
          buildExampleSummary({
            title: "Hard sell",
            category: "bad",
            contentType: "case-study",
            industry: "Aerospace",
            tags: ["ecos"],
          }),
        ]),
      ),
    });

    expect(await screen.findByText("2 examples found")).toBeInTheDocument();
    const rows = screen.getAllByRole("row");
    expect(
      rows.map((r) =>
        within(r)
          .queryAllByRole("columnheader")
          .map((h) => h.textContent),
      )[0],
    ).toEqual([
      "Title",
      "Category",
      "Content Type",
      "Target Persona",
      "Industry",
      "Tags",
      "Actions",
    ]);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText("Good Example")).toBeInTheDocument();
    expect(first.getByText("technical guide")).toBeInTheDocument();
    expect(first.getByText("N/A")).toBeInTheDocument();
    expect(first.getByText("should-cost")).toBeInTheDocument();
    expect(first.getByText("design-to-cost")).toBeInTheDocument();
    expect(first.queryByText("cost-estimation")).toBeNull();
    expect(first.getByText("+2 more")).toHaveAttribute("title", "cost-estimation, npi");
    const second = within(rows[2] as HTMLElement);
    expect(second.getByText("Bad Example")).toBeInTheDocument();
    expect(second.getByText("case study")).toBeInTheDocument();
    expect(second.getByText("Aerospace")).toBeInTheDocument();
    expect(second.queryByText(/more$/)).toBeNull();

    expect(lastListQuery()).toEqual({ source: "local", page: "1", pageSize: "20" });
    expect(screen.getByRole("radio", { name: "Local" })).toBeChecked();
  });

  it("builds the filter query: tags split and trimmed, empty values left out; Reset clears", async () => {
    const { lastListQuery, listRequests } = setup();
    const user = userEvent.setup();
    await screen.findByText("0 examples found");

    await user.selectOptions(screen.getByLabelText("Category"), "good");
    await user.selectOptions(screen.getByLabelText("Content Type"), "case-study");
    await user.selectOptions(screen.getByLabelText("Industry"), "industrial");
    await user.type(screen.getByLabelText("Tags"), " Should-Cost , ,dfm,  ");
    expect(listRequests()).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Apply Filters" }));

    await waitFor(() =>
      expect(lastListQuery()).toEqual({
        source: "local",
        category: "good",
        contentType: "case-study",
        industryId: "industrial",
        tags: "should-cost,dfm",
        page: "1",
        pageSize: "20",
      }),
    );

    await user.click(screen.getByRole("button", { name: "Reset" }));
    await waitFor(() =>
      expect(lastListQuery()).toEqual({ source: "local", page: "1", pageSize: "20" }),
    );
    expect(screen.getByLabelText("Tags")).toHaveValue("");
    expect(screen.getByLabelText("Category")).toHaveValue("");
  });

  it("searches free text once typing pauses", async () => {
    const { lastListQuery, listRequests } = setup();
    const user = userEvent.setup();
    await screen.findByText("0 examples found");

    await user.type(screen.getByRole("searchbox", { name: "Search examples" }), "ecos");

    await waitFor(() => expect(lastListQuery().q).toBe("ecos"));
    // One request for the page, one for the settled text: not one per keystroke.
    expect(listRequests()).toHaveLength(2);
  });

  it("pages with Previous and Next", async () => {
    const { lastListQuery } = setup({
      "GET /api/examples": (req) =>
        ok(examplePage([buildExampleSummary()], 45, Number(req.query.get("page")))),
    });
    const user = userEvent.setup();

    expect(await screen.findByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next" }));

    expect(await screen.findByText("Page 2 of 3")).toBeInTheDocument();
    expect(lastListQuery().page).toBe("2");
  });

  it("shows the empty state", async () => {
    setup();
    expect(await screen.findByText("No examples found")).toBeInTheDocument();
    expect(
      screen.getByText("Try adjusting your filters or ingest examples to get started"),
    ).toBeInTheDocument();
    expect(screen.getByText("0 examples found")).toBeInTheDocument();
  });

  it("says 'Failed to fetch examples' for an unsuccessful answer", async () => {
    setup({ "GET /api/examples": fail(500, "internal_error", "Something went wrong.") });
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to fetch examples");
  });

  it("says 'Error fetching examples. Please try again.' when the request fails", async () => {
    setup({ "GET /api/examples": networkDown });
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Error fetching examples. Please try again.",
    );
  });

  it("opens on the saved repository source when the URL names none", async () => {
    const { lastListQuery } = setup(
      {
        "GET /api/settings/example-repository": ok({ ...REPO_SETTINGS, repositorySource: "local" }),
      },
      { route: "/examples" },
    );
    await screen.findByText("0 examples found");
    expect(lastListQuery().source).toBe("local");
    expect(screen.getByRole("radio", { name: "Local" })).toBeChecked();
  });

  it("falls back to Local, where the sample examples are, when the settings cannot be read", async () => {
    const { lastListQuery } = setup(
      { "GET /api/settings/example-repository": fail(500, "internal_error", "Boom.") },
      { route: "/examples" },
    );
    await screen.findByText("0 examples found");
    expect(lastListQuery().source).toBe("local");
  });

  it.each([
    {
      name: "only the placeholder",
      settings: { cloudRepoUrl: EXAMPLE_REPO_DEFAULTS.cloudRepoUrl, s3CredentialsConfigured: true },
      needs: CLOUD_SOURCE_NEEDS.not_set_up.full,
    },
    {
      name: "a bucket the server has no key for",
      settings: { cloudRepoUrl: "s3://acme-examples/bench/", s3CredentialsConfigured: false },
      needs: CLOUD_SOURCE_NEEDS.no_s3_access_key.full,
    },
  ])(
    "opens on Local while Cloud is $name, says what Cloud needs and offers no ingest that would fail",
    async ({ settings, needs }) => {
      const { lastListQuery } = setup(
        {
          "GET /api/settings/example-repository": ok({
            ...REPO_SETTINGS,
            ...settings,
            repositorySource: "cloud",
          }),
        },
        { route: "/examples" },
      );
      await screen.findByText("0 examples found");
      expect(lastListQuery().source).toBe("local");
      expect(screen.getByRole("radio", { name: "Local" })).toBeChecked();
      expect(screen.queryByText(needs)).toBeNull();
      expect(screen.getByRole("button", { name: /Ingest Examples/ })).toBeEnabled();
      await userEvent.click(screen.getByRole("radio", { name: "Cloud" }));
      expect(await screen.findByText(needs)).toBeInTheDocument();
      const ingest = screen.getByRole("button", { name: /Ingest Examples/ });
      expect(ingest).toBeDisabled();
      expect(ingest).toHaveAccessibleDescription(needs);
    },
  );

  it("opens on Cloud when it is saved and can be read", async () => {
    const { lastListQuery } = setup(
      {
        "GET /api/settings/example-repository": ok({
          ...REPO_SETTINGS,
          cloudRepoUrl: "https://examples.acme.test/bench.zip",
        }),
      },
      { route: "/examples" },
    );
    await screen.findByText("0 examples found");
    expect(lastListQuery().source).toBe("cloud");
    expect(screen.queryByText(CLOUD_SOURCE_NEEDS.not_set_up.full)).toBeNull();
  });
});

const NOTHING = { create: false, ingest: false, archive: false };

describe("ExamplesPage capabilities", () => {
  it("offers only viewing and export when the answers' can says nothing else", async () => {
    const alpha = buildExampleSummary({ title: "Alpha", can: { edit: false, delete: false } });
    setup({ "GET /api/examples": ok(examplePage([alpha], 1, 1, NOTHING)) });
    expect(await screen.findByRole("button", { name: "View Alpha" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Export Alpha" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Ingest Examples/ })).toBeNull();
    expect(screen.queryByRole("button", { name: /New Example/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit Alpha" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Alpha" })).toBeNull();
  });

  it("shows each action exactly when its can is true, whatever else is allowed", async () => {
    const alpha = buildExampleSummary({ title: "Alpha", can: { edit: true, delete: false } });
    const beta = buildExampleSummary({ title: "Beta", can: { edit: false, delete: true } });
    setup({
      "GET /api/examples": ok(
        examplePage([alpha, beta], 2, 1, { create: true, ingest: false, archive: false }),
      ),
    });
    expect(await screen.findByRole("button", { name: "Edit Alpha" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete Alpha" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Edit Beta" })).toBeNull();
    expect(screen.getByRole("button", { name: "Delete Beta" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /New Example/ })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Ingest Examples/ })).toBeNull();
  });
});

describe("ExamplesPage ingest", () => {
  function jobServer(first: IngestJob) {
    let current = first;
    return {
      set: (next: Partial<IngestJob>) => {
        current = { ...current, ...next };
      },
      routes: {
        "POST /api/examples/ingest": () => ok(current, 202),
        "GET /api/examples/ingest/jobs/:id": () => ok(current),
      } satisfies Record<string, Handler>,
    };
  }

  it("reads 'Ingesting...' with a progress bar, then shows the counts for 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // The server answers with the run queued until a worker takes it.
    const job = jobServer(buildIngestJob({ status: "queued" }));
    const { fake, listRequests } = setup(job.routes);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await screen.findByText("0 examples found");

    await user.click(screen.getByRole("button", { name: "Ingest Examples" }));

    expect(await screen.findByRole("button", { name: "Ingesting..." })).toBeDisabled();
    expect(fake.requests.find((r) => r.method === "POST")?.body).toEqual({ source: "local" });
    const bar = screen.getByRole("progressbar");
    expect(bar).not.toHaveAttribute("aria-valuenow");
    expect(bar).toHaveAttribute("aria-valuetext", "Waiting for a free worker");

    job.set({ status: "running" });
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() =>
      expect(screen.getByRole("progressbar")).toHaveAttribute(
        "aria-valuetext",
        "Reading the source",
      ),
    );
    expect(screen.getByRole("button", { name: "Ingesting..." })).toBeDisabled();

    job.set({ total: 4, processed: 2 });
    await act(() => vi.advanceTimersByTimeAsync(600));
    await waitFor(() =>
      expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2"),
    );
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuemax", "4");

    const listsBefore = listRequests().length;
    job.set({
      status: "succeeded",
      processed: 4,
      added: 3,
      updated: 1,
      unchanged: 20,
      errors: 2,
      failures: [
        { path: "good/broken.md", reason: "the ## Body section is missing" },
        { path: "notes.txt", reason: "not a markdown file" },
      ],
    });
    await act(() => vi.advanceTimersByTimeAsync(600));

    const summary =
      "Ingestion complete: 3 new examples added, 1 example updated, 20 unchanged, 2 errors.";
    expect(await screen.findByText(summary)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ingest Examples" })).toBeEnabled();
    expect(screen.queryByRole("progressbar")).toBeNull();
    await waitFor(() => expect(listRequests().length).toBeGreaterThan(listsBefore));

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByText(summary)).toBeNull();
    // The reasons stay reachable until dismissed.
    const details = screen.getByRole("region", { name: "Ingest details" });
    await user.click(within(details).getByText("2 files could not be ingested"));
    expect(within(details).getByText("good/broken.md")).toBeVisible();
    expect(within(details).getByText(/not a markdown file/)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Dismiss ingest details" }));
    expect(screen.queryByRole("region", { name: "Ingest details" })).toBeNull();
  });

  it("clears the last result and reloads the list when the source changes", async () => {
    const job = jobServer(
      buildIngestJob({ status: "succeeded", added: 1, updated: 0, unchanged: 0, errors: 0 }),
    );
    const { lastListQuery } = setup(job.routes);
    const user = userEvent.setup();
    await screen.findByText("0 examples found");

    await user.click(screen.getByRole("button", { name: "Ingest Examples" }));
    expect(await screen.findByText(/^Ingestion complete: 1 new example added/)).toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: "Cloud" }));

    expect(screen.queryByText(/^Ingestion complete/)).toBeNull();
    await waitFor(() => expect(lastListQuery().source).toBe("cloud"));
    expect(screen.getByTestId("location")).toHaveTextContent("?source=cloud");
    expect(screen.getByRole("radio", { name: "Cloud" })).toBeChecked();

    await user.click(screen.getByRole("radio", { name: "Local" }));
    await waitFor(() => expect(lastListQuery().source).toBe("local"));
    expect(screen.queryByText(/^Ingestion complete/)).toBeNull();
  });

  it("shows the server's message when a second ingest of the source is refused", async () => {
    setup({
      "POST /api/examples/ingest": fail(
        409,
        "conflict",
        "An ingest from this source is already running. Wait for it to finish, then try again.",
      ),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Ingest Examples" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "An ingest from this source is already running. Wait for it to finish, then try again.",
    );
  });

  it.each([
    ["an unsuccessful answer", fail(500, "internal_error", "Boom."), "Failed to ingest examples"],
    ["a failed request", networkDown, "Error ingesting examples. Please try again."],
  ] as const)("words %s as the spec says", async (_, handler, message) => {
    setup({ "POST /api/examples/ingest": handler });
    await userEvent.click(await screen.findByRole("button", { name: "Ingest Examples" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("shows why a job failed", async () => {
    const job = jobServer(
      buildIngestJob({ status: "failed", message: "The folder does not exist." }),
    );
    setup(job.routes);
    await userEvent.click(await screen.findByRole("button", { name: "Ingest Examples" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to ingest examples: The folder does not exist.",
    );
  });

  it("picks up an ingest of this source that was already running", async () => {
    const running = buildIngestJob({ status: "running", total: 10, processed: 4 });
    setup({
      "GET /api/examples/ingest/jobs": ok([
        buildIngestJob({ origin: "s3", status: "running" }),
        running,
      ]),
      "GET /api/examples/ingest/jobs/:id": (req) =>
        req.params.id === running.id ? ok(running) : fail(404, "not_found", "No."),
    });

    expect(await screen.findByRole("progressbar")).toHaveAttribute("aria-valuenow", "4");
    expect(screen.getByRole("button", { name: "Ingesting..." })).toBeDisabled();
  });

  it("archives examples whose files disappeared", async () => {
    const job = jobServer(
      buildIngestJob({
        status: "succeeded",
        missing: [
          { id: "gone-1", path: "good/old.md", title: "Old one" },
          { id: "gone-2", path: "bad/older.md", title: "Older one" },
        ],
      }),
    );
    const { fake } = setup({
      ...job.routes,
      "POST /api/examples/archive": ok({ archived: 2 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Ingest Examples" }));

    expect(await screen.findByText("2 examples are no longer in the source")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Archive 2 missing" }));

    expect(await screen.findByText("Archived 2 examples.")).toBeInTheDocument();
    expect(fake.requests.find((r) => r.path === "/api/examples/archive")?.body).toEqual({
      ids: ["gone-1", "gone-2"],
    });
  });
});

describe("ExamplesPage View, Export, edit", () => {
  const summary = buildExampleSummary({ id: "ex-1", title: "Should-cost reviews" });

  it("shows every field in an accessible modal and sanitises the body", async () => {
    setup({
      "GET /api/examples": ok(examplePage([summary])),
      "GET /api/examples/:id": ok(
        buildExampleDetail({
          id: "ex-1",
          title: "Should-cost reviews",
          category: "bad",
          contentType: "industry-report",
          persona: "VP of Engineering",
          industry: null,
          buyingStage: "consideration",
          tags: ["dfm", "ecos"],
          headline: "The headline",
          introduction: "The introduction",
          bodyHtml:
            '<p>Safe body</p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2">',
          conclusion: "The conclusion",
          notes: "The notes",
        }),
      ),
    });
    const user = userEvent.setup();
    const viewButton = await screen.findByRole("button", { name: "View Should-cost reviews" });
    await user.click(viewButton);

    const dialog = await screen.findByRole("dialog", { name: "Should-cost reviews" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(await within(dialog).findByText("Safe body")).toBeInTheDocument();
    for (const text of [
      "Bad Example",
      "industry report",
      "VP of Engineering",
      "N/A",
      "Consideration",
      "dfm",
      "ecos",
      "The headline",
      "The introduction",
      "The conclusion",
      "The notes",
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(dialog.querySelector("script")).toBeNull();
    expect(dialog.querySelector("[onerror]")).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();

    // Focus starts in the dialog and Tab stays inside it.
    expect(dialog).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Close dialog" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole("button", { name: "Close" })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Close dialog" })).toHaveFocus();

    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(viewButton).toHaveFocus();

    await user.click(viewButton);
    await user.click(await screen.findByRole("button", { name: "Close" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it.each([
    [
      "an unsuccessful answer",
      fail(404, "not_found", "Example not found."),
      "Failed to fetch example details",
    ],
    ["a failed request", networkDown, "Error fetching example details. Please try again."],
  ] as const)("words a detail failure from %s as the spec says", async (_, handler, message) => {
    setup({ "GET /api/examples": ok(examplePage([summary])), "GET /api/examples/:id": handler });
    await userEvent.click(await screen.findByRole("button", { name: "View Should-cost reviews" }));
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(message);
  });

  it("downloads the markdown export under the server's file name", async () => {
    const createObjectURL = vi.fn((_: Blob) => "blob:example");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ download: this.download, href: this.href });
    });
    setup({
      "GET /api/examples": ok(examplePage([summary])),
      "GET /api/examples/:id/export": file(
        "---\ntitle: Should-cost reviews\n---\n",
        "text/markdown; charset=utf-8",
        'attachment; filename="good-should-cost-reviews.md"',
      ),
    });

    await userEvent.click(
      await screen.findByRole("button", { name: "Export Should-cost reviews" }),
    );

    await waitFor(() =>
      expect(clicked).toEqual([{ download: "good-should-cost-reviews.md", href: "blob:example" }]),
    );
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(await blob?.text()).toContain("title: Should-cost reviews");
  });

  it("reports a failed export", async () => {
    setup({
      "GET /api/examples": ok(examplePage([summary])),
      "GET /api/examples/:id/export": fail(404, "not_found", "Example not found."),
    });
    await userEvent.click(
      await screen.findByRole("button", { name: "Export Should-cost reviews" }),
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Could not export the example: Example not found.",
    );
  });

  it("creates an example, showing the server's field errors under the fields", async () => {
    const created = buildExampleDetail({ title: "A new example" });
    const { fake } = setup({
      "POST /api/examples": fail(400, "validation_error", "Title is too long.", {
        details: { issues: [{ path: "body.title", message: "Title is too long." }] },
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New Example" }));

    const form = await screen.findByRole("form", { name: "New example" });
    await user.type(within(form).getByLabelText("Title *"), "A new example");
    await user.selectOptions(within(form).getByLabelText("Category *"), "bad");
    await user.selectOptions(within(form).getByLabelText("Content Type *"), "case-study");
    await user.selectOptions(within(form).getByLabelText("Target Persona *"), "cto");
    await user.selectOptions(within(form).getByLabelText("Buying Stage"), "decision");
    await user.type(within(form).getByLabelText("Tags"), "DFM, , ecos");
    await user.type(within(form).getByLabelText("Headline *"), "Headline");
    await user.type(within(form).getByLabelText("Introduction *"), "Intro");
    await user.type(within(form).getByLabelText("Body *"), "Body text");
    await user.type(within(form).getByLabelText("Conclusion *"), "End");
    await user.click(screen.getByRole("button", { name: "Create example" }));

    expect(await within(form).findByText("Title is too long.")).toBeInTheDocument();
    expect(within(form).getByLabelText("Title *")).toHaveAttribute("aria-invalid", "true");

    fake.routes["POST /api/examples"] = ok(created, 201);
    await user.click(screen.getByRole("button", { name: "Create example" }));

    expect(await screen.findByText("“A new example” was created.")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fake.requests.filter((r) => r.method === "POST").at(-1)?.body).toEqual({
      title: "A new example",
      category: "bad",
      contentType: "case-study",
      personaId: "cto",
      industryId: null,
      buyingStage: "decision",
      tags: ["dfm", "ecos"],
      notes: "",
      headline: "Headline",
      introduction: "Intro",
      body: "Body text",
      conclusion: "End",
    });
  });

  it("edits an example with its current values filled in", async () => {
    const detail = buildExampleDetail({
      id: "ex-1",
      title: "Should-cost reviews",
      tags: ["a", "b"],
    });
    const { fake } = setup({
      "GET /api/examples": ok(examplePage([summary])),
      "GET /api/examples/:id": ok(detail),
      "PUT /api/examples/:id": (req) => ok({ ...detail, ...(req.body as object) }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Should-cost reviews" }));

    const form = await screen.findByRole("form", { name: "Edit example" });
    expect(within(form).getByLabelText("Tags")).toHaveValue("a, b");
    const title = within(form).getByLabelText("Title *");
    await user.clear(title);
    await user.type(title, "Renamed");
    await user.click(screen.getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText("Changes to “Renamed” were saved.")).toBeInTheDocument();
    const put = fake.requests.find((r) => r.method === "PUT");
    expect(put?.path).toBe("/api/examples/ex-1");
    expect(put?.body).toMatchObject({ title: "Renamed", tags: ["a", "b"], personaId: "cto" });
  });

  it("deletes an example after confirmation", async () => {
    const { fake } = setup({
      "GET /api/examples": ok(examplePage([summary])),
      "DELETE /api/examples/:id": ok({ id: "ex-1" }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete Should-cost reviews" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete example?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete example" }));

    expect(await screen.findByText("“Should-cost reviews” was deleted.")).toBeInTheDocument();
    expect(
      fake.requests.some((r) => r.method === "DELETE" && r.path === "/api/examples/ex-1"),
    ).toBe(true);
  });
});
