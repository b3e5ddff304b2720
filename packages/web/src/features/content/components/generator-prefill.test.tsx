import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeApi, ok } from "../../../../test/fake-api";
import { renderGeneratorPage } from "../../../../test/content-render";
import {
  buildGenerationData,
  buildIntentData,
  generationSettingsAnswer,
  vpEngineering,
} from "../../../../test/content-fixtures";

describe("GeneratorPage pre-filled from a content gap", () => {
  it("starts with the gap's persona, industry, stage and topic and loads their intent data", async () => {
    const fake = installFakeApi({
      "GET /api/settings/generation": ok(generationSettingsAnswer()),
      "GET /api/content-generation-data": ok(
        buildGenerationData({
          buyingJourney: { stage: "decision", ...vpEngineering.buyingJourney.decision },
          sixsenseData: buildIntentData({
            buyingStages: { awareness: 20, consideration: 30, decision: 50 },
            topKeywords: [{ keyword: "should cost", volume: 4 }],
          }),
        }),
      ),
    });
    renderGeneratorPage({
      initialValues: {
        personaId: "vp-engineering",
        industryId: "aerospace",
        buyingStage: "decision",
        contentTopic: "Should cost: what aerospace engineering leaders need to know",
      },
    });
    expect(screen.getByLabelText("Persona")).toHaveValue("vp-engineering");
    expect(screen.getByLabelText("Buying Stage")).toHaveValue("decision");
    await userEvent.click(screen.getByRole("button", { name: /^Content Details/ }));
    expect(screen.getByLabelText("Content Topic")).toHaveValue(
      "Should cost: what aerospace engineering leaders need to know",
    );
    expect(await screen.findByText(/should cost/)).toBeInTheDocument();
    const call = fake.requests.find((r) => r.path === "/api/content-generation-data");
    expect(call?.query.get("buyingStage")).toBe("decision");
  });
});
