import type { Role } from "@content-studio/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fail, installFakeApi, ok, type FakeResponse } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { buildExampleRepoSettings, buildIngestJob } from "../../../../test/examples-fixtures";
import { ExampleRepositoryCard } from "./example-repository-card";

const SAVED = buildExampleRepoSettings({
  cloudRepoUrl: "s3://content-studio-examples/benchmarks/",
  can: { edit: true, ingest: true },
});

function setup(role: Role, routes: Record<string, FakeResponse> = {}) {
  const fake = installFakeApi({
    // What the server's policy answers for each role.
    "GET /api/settings/example-repository": ok({
      ...SAVED,
      can: { edit: role === "admin", ingest: role !== "viewer" },
    }),
    "GET /api/examples/ingest/jobs": ok([]),
    ...routes,
  });
  renderWithProviders(<ExampleRepositoryCard />);
  return fake;
}

/** Pretends the browser supports `<input webkitdirectory>` (jsdom does not). */
function withDirectoryPicker() {
  Object.defineProperty(HTMLInputElement.prototype, "webkitdirectory", {
    configurable: true,
    get(this: HTMLInputElement) {
      return this.hasAttribute("webkitdirectory");
    },
  });
}

function fileAt(path: string, text = "# x"): File {
  const f = new File([text], path.split("/").pop() ?? path, { type: "text/markdown" });
  Object.defineProperty(f, "webkitRelativePath", { value: path });
  return f;
}

afterEach(() => {
  delete (HTMLInputElement.prototype as { webkitdirectory?: boolean }).webkitdirectory;
});

describe("ExampleRepositoryCard", () => {
  it("lets admins save the settings on the server", async () => {
    const fake = setup("admin", {
      "PUT /api/settings/example-repository": ok({
        ...SAVED,
        repositorySource: "cloud",
        cloudRepoUrl: "https://example.com/examples.zip",
      }),
    });
    const user = userEvent.setup();
    const card = await screen.findByRole("region", { name: "Example Repository" });

    expect(await within(card).findByLabelText("Local path")).toHaveValue("./examples");
    expect(within(card).getByText(/good\//, { selector: "pre" })).toBeInTheDocument();
    await user.click(within(card).getByRole("radio", { name: "Cloud" }));
    const url = within(card).getByLabelText("Cloud URL");
    await user.clear(url);
    await user.type(url, "https://example.com/examples.zip");
    expect(within(card).getByRole("button", { name: "Ingest Examples" })).toBeDisabled();
    await user.click(within(card).getByRole("button", { name: "Save repository settings" }));

    expect(await within(card).findByText("Example repository settings saved.")).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === "PUT")?.body).toEqual({
      repositorySource: "cloud",
      exampleRepoPath: "./examples",
      cloudRepoUrl: "https://example.com/examples.zip",
      s3Endpoint: "",
      s3Region: "us-east-1",
    });
    expect(within(card).getByRole("button", { name: "Ingest Examples" })).toBeEnabled();
  });

  it("shows the server's field errors", async () => {
    setup("admin", {
      "PUT /api/settings/example-repository": fail(400, "validation_error", "Bad URL.", {
        details: { issues: [{ path: "body.cloudRepoUrl", message: "Use s3:// or https://." }] },
      }),
    });
    const user = userEvent.setup();
    const url = await screen.findByLabelText("Cloud URL");
    await user.type(url, "x");
    await user.click(screen.getByRole("button", { name: "Save repository settings" }));
    expect(await screen.findByText("Use s3:// or https://.")).toBeInTheDocument();
    expect(url).toHaveAttribute("aria-invalid", "true");
  });

  it("is read-only for editors, who can still ingest; viewers cannot ingest", async () => {
    setup("editor");
    expect(await screen.findByLabelText("Local path")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save repository settings" })).toBeNull();
    expect(screen.getByText("Only administrators can change these settings.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Ingest Examples" })).toBeEnabled();
  });

  it("hides ingest from viewers", async () => {
    setup("viewer");
    expect(await screen.findByLabelText("Local path")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Ingest Examples" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Upload folder" })).toBeNull();
  });

  it("ingests from the saved source and shows the counts", async () => {
    const job = buildIngestJob({ status: "succeeded", added: 28 });
    const fake = setup("editor", {
      "POST /api/examples/ingest": ok(job, 202),
      "GET /api/examples/ingest/jobs/:id": ok(job),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Ingest Examples" }));

    expect(
      await screen.findByText(/^Ingestion complete: 28 new examples added/),
    ).toBeInTheDocument();
    expect(fake.requests.find((r) => r.method === "POST")?.body).toEqual({ source: "local" });
  });

  it.each([
    ["an unsuccessful answer", fail(500, "internal_error", "Boom."), "Failed to ingest examples."],
    [
      "a refusal",
      fail(409, "conflict", "An ingest from this source is already running."),
      "Failed to ingest examples. An ingest from this source is already running.",
    ],
  ])("says 'Failed to ingest examples.' for %s", async (_, response, message) => {
    setup("editor", { "POST /api/examples/ingest": response });
    await userEvent.click(await screen.findByRole("button", { name: "Ingest Examples" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("says 'Failed to ingest examples.' when the job fails", async () => {
    const job = buildIngestJob({ status: "failed", message: "The bucket does not exist." });
    setup("editor", {
      "POST /api/examples/ingest": ok(job, 202),
      "GET /api/examples/ingest/jobs/:id": ok(job),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Ingest Examples" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Failed to ingest examples. The bucket does not exist.",
    );
  });

  it("alerts when the browser cannot pick folders", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    setup("editor");
    await userEvent.click(await screen.findByRole("button", { name: "Upload folder" }));
    expect(alert).toHaveBeenCalledWith("Directory selection was cancelled or not supported.");
    expect(screen.getByRole("button", { name: "Upload .zip" })).toHaveFocus();
  });

  it("alerts when folder selection is cancelled", async () => {
    withDirectoryPicker();
    const alert = vi.spyOn(window, "alert").mockImplementation(() => undefined);
    setup("editor");
    await screen.findByRole("button", { name: "Upload folder" });
    const input = screen.getByLabelText<HTMLInputElement>("Example folder");
    expect(input).toHaveAttribute("webkitdirectory");
    fireEvent(input, new Event("cancel"));
    expect(alert).toHaveBeenCalledWith("Directory selection was cancelled or not supported.");
  });

  it("uploads the markdown files of a folder under their relative paths", async () => {
    withDirectoryPicker();
    const job = buildIngestJob({ origin: "upload", status: "succeeded", added: 2 });
    let finishUpload = () => {};
    const uploaded = new Promise<void>((resolve) => {
      finishUpload = resolve;
    });
    const fake = setup("editor", {
      "GET /api/examples/ingest/jobs/:id": ok(job),
    });
    fake.routes["POST /api/examples/ingest/upload"] = async () => {
      await uploaded;
      return ok(job, 202);
    };
    const user = userEvent.setup({ applyAccept: false });
    await screen.findByRole("button", { name: "Upload folder" });

    await user.upload(screen.getByLabelText("Example folder"), [
      fileAt("repo/good/a.md"),
      fileAt("repo/bad/b.md"),
      fileAt("repo/README.txt"),
      fileAt("repo/.git/HEAD.md"),
    ]);

    expect(await screen.findByText(/^Uploading 2 files \(1 KB\)\.\.\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Uploading..." })).toBeDisabled();
    finishUpload();

    expect(
      await screen.findByText(/^Ingestion complete: 2 new examples added/),
    ).toBeInTheDocument();
    const body = fake.requests.find((r) => r.path === "/api/examples/ingest/upload")?.body;
    expect(body).toBeInstanceOf(FormData);
    const names = (body as FormData).getAll("files").map((f) => (f as File).name);
    expect(names).toEqual(["repo/good/a.md", "repo/bad/b.md"]);
  });

  it("uploads one archive", async () => {
    const job = buildIngestJob({ origin: "upload", status: "running" });
    const fake = setup("editor", {
      "POST /api/examples/ingest/upload": ok(job, 202),
      "GET /api/examples/ingest/jobs/:id": ok(job),
    });
    const user = userEvent.setup();
    await screen.findByRole("button", { name: "Upload .zip" });

    await user.upload(
      screen.getByLabelText("Example archive"),
      new File(["PK"], "examples.zip", { type: "application/zip" }),
    );

    expect(await screen.findByRole("progressbar")).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Ingesting..." })).toBeDisabled(),
    );
    const body = fake.requests.find((r) => r.path === "/api/examples/ingest/upload")?.body;
    expect(((body as FormData).get("files") as File).name).toBe("examples.zip");
  });
});
