import { describe, expect, it } from "vitest";
import {
  INITIAL_FORM_VALUES,
  buildGenerationRequest,
  hasRequiredFields,
  type GeneratorFormValues,
} from "./generation-request";
import { buildGenerationRequestBody } from "../../../../test/content-fixtures";

const complete: GeneratorFormValues = {
  ...INITIAL_FORM_VALUES,
  personaId: "cto",
  industryId: "aerospace",
  buyingStage: "awareness",
  contentTopic: "  Simulation ROI  ",
};

describe("buildGenerationRequest", () => {
  it("needs all five required fields", () => {
    expect(hasRequiredFields(complete)).toBe(true);
    for (const missing of [
      { personaId: "" },
      { industryId: "" },
      { buyingStage: "" as const },
      { contentTopic: "   " },
      { contentType: "" as const },
    ]) {
      expect(buildGenerationRequest({ ...complete, ...missing }, undefined)).toBeNull();
    }
  });

  it("uses the spec defaults and leaves out empty metric and solution lists", () => {
    expect(buildGenerationRequest(complete, undefined)).toEqual(
      buildGenerationRequestBody({ personaId: "cto" }),
    );
  });

  it("sends chosen metrics, solutions and keyword; the organisation's defaults apply", () => {
    const body = buildGenerationRequest(
      { ...complete, keyMetrics: ["m1"], featuredSolutions: ["s1"], primaryKeyword: "dfm" },
      {
        defaultUseBenchmarks: false,
        defaultQualityCheck: true,
        defaultAutoRefine: true,
        qualityThreshold: 0.7,
        autoRefineThreshold: 0.5,
        editorReview: true,
        allowSelfApproval: false,
      },
    );
    expect(body).toMatchObject({
      keyMetricsToInclude: ["m1"],
      featuredSolutions: ["s1"],
      primaryKeyword: "dfm",
      useBenchmarkExamples: false,
      autoRefine: true,
    });
  });

  it("lets the user's toggles win over the defaults", () => {
    const body = buildGenerationRequest({ ...complete, performQualityCheck: false }, undefined);
    expect(body?.performQualityCheck).toBe(false);
  });
});
