import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildUser, startupRoutes } from "../../../test/data";
import {
  INDUSTRIES,
  PERSONAS,
  buildExampleRepoSettings,
  examplePage,
} from "../../../test/examples-fixtures";
import { installFakeApi, ok } from "../../../test/fake-api";
import { renderApp } from "../../../test/render-app";

const editor = buildUser({ role: "editor" });
const REPO_SETTINGS = buildExampleRepoSettings({
  repositorySource: "cloud",
  can: { edit: false, ingest: true },
});

function routes() {
  return {
    ...startupRoutes({ user: editor, setupRequired: false }),
    "GET /api/personas": ok(PERSONAS.slice(0, 1)),
    "GET /api/industries": ok(INDUSTRIES.slice(0, 1)),
    "GET /api/examples": ok(examplePage([])),
    "GET /api/examples/ingest/jobs": ok([]),
    "GET /api/settings/example-repository": ok(REPO_SETTINGS),
  };
}

describe("examples route", () => {
  it("opens the local source from the dashboard's #examples-local with reference data", async () => {
    const fake = installFakeApi(routes());
    renderApp("/#examples-local");

    expect(await screen.findByText("No examples found")).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: "Local" })).toBeChecked();
    const persona = screen.getByLabelText("Persona");
    expect(
      within(persona).getByRole("option", { name: "Chief Technology Officer" }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByLabelText("Industry")).getByRole("option", { name: "Aerospace" }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(fake.requests.find((r) => r.path === "/api/examples")?.query.get("source")).toBe(
        "local",
      ),
    );
  });

  it("shows the Example Repository card on the settings screen to editors", async () => {
    installFakeApi(routes());
    renderApp("/settings");

    const card = await screen.findByRole("region", { name: "Example Repository" });
    expect(await within(card).findByLabelText("Local path")).toBeDisabled();
    expect(within(card).getByRole("button", { name: "Ingest Examples" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Users" })).toBeNull();
  });
});
