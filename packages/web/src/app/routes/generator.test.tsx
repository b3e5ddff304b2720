import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { buildUser, startupRoutes } from "../../../test/data";
import { installFakeApi, ndjson, ok } from "../../../test/fake-api";
import {
  aerospace,
  buildGenerated,
  catalog,
  generationSettingsAnswer,
  vpEngineering,
} from "../../../test/content-fixtures";
import { renderApp } from "../../../test/render-app";

const editor = buildUser({ role: "editor" });

function routes() {
  return {
    ...startupRoutes({ user: editor, setupRequired: false }),
    "GET /api/personas": ok([vpEngineering]),
    "GET /api/industries": ok([aerospace]),
    "GET /api/company-catalog": ok(catalog),
    "GET /api/settings/generation": ok(generationSettingsAnswer()),
    "GET /api/content-generation-data": ok({
      selectedPersona: vpEngineering,
      selectedIndustry: aerospace,
      buyingJourney: { stage: "awareness", ...vpEngineering.buyingJourney.awareness },
      sixsenseData: null,
      can: { generate: true },
    }),
    "POST /api/generate-content/stream": () =>
      ndjson([{ type: "done", result: buildGenerated({ contentItemId: "item-7" }) }]),
  };
}

describe("generator route", () => {
  it("keeps the result in the generator's tabs, focuses its heading and links to the item page", async () => {
    installFakeApi(routes());
    const { router } = renderApp("/generate");
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText("Persona"), "vp-engineering");
    await user.selectOptions(screen.getByLabelText("Industry"), "aerospace");
    await user.selectOptions(screen.getByLabelText("Buying Stage"), "awareness");
    await user.click(screen.getByRole("button", { name: /^Content Details/ }));
    await user.type(screen.getByLabelText("Content Topic"), "Simulation ROI");
    await user.click(screen.getByRole("button", { name: "Generate Content" }));

    // The spec's flow: Optimize is shown after a successful generation, the other tabs and
    // 'New Content' are there, and the address is still the generator's.
    expect(
      await screen.findByRole("tab", { name: "Optimize", selected: true }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/generate");
    expect(screen.getByRole("tab", { name: "Generate" })).toBeEnabled();
    expect(screen.getByRole("tab", { name: "Visualize" })).toBeEnabled();
    expect(screen.getByRole("tab", { name: "Repurpose" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "New Content" })).toBeInTheDocument();

    // Focus is on the result's heading, not lost with the hidden form.
    const heading = screen.getByRole("heading", { level: 2, name: "Content generated" });
    expect(heading).toHaveFocus();
    // The stored item keeps its permanent address, one link away.
    expect(screen.getByRole("link", { name: "Open in Content Library" })).toHaveAttribute(
      "href",
      "/library/item-7",
    );
  });
});
