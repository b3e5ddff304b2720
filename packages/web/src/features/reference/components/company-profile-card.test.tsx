import type { CompanyProfileResponse } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { CompanyProfileCard, SAMPLE_PROFILE_NOTICE } from "./company-profile-card";
import { useCompanyProfileForm } from "./use-company-profile-form";

const PROFILE: CompanyProfileResponse = {
  companyName: "Lathe & Ledger",
  description: "Costing software for machine shops.",
  solutions: [],
  keyMetrics: [],
  offers: [],
  bannedPhrases: ["synergy"],
  voice: {
    toneAttributes: ["measured"],
    preferredWords: ["cycle time"],
    avoidWords: [],
    pointOfView: "second-person",
  },
  isSample: true,
  can: { edit: true },
};

function Harness() {
  const form = useCompanyProfileForm(() => undefined);
  return <CompanyProfileCard form={form} canEdit={form.canEdit} />;
}

describe("company profile card: voice and sample notice", () => {
  it("edits the voice, sends it, and drops the sample notice once saved", async () => {
    const fake = installFakeApi({
      "GET /api/company-profile": ok(PROFILE),
      "PUT /api/company-profile": (req) =>
        ok({
          ...(req.body as object),
          bannedPhrases: ["synergy"],
          isSample: false,
          can: { edit: true },
        }),
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(await screen.findByText(SAMPLE_PROFILE_NOTICE)).toBeInTheDocument();

    const voice = screen.getByRole("group", { name: "Voice" });
    const tone = within(voice).getByLabelText("Tone");
    expect(tone).toHaveValue("measured");
    await user.type(tone, ", blunt,");
    // What was typed stays as typed, trailing comma included.
    expect(tone).toHaveValue("measured, blunt,");
    await user.type(within(voice).getByLabelText("Words to avoid"), "paradigm{Enter}world-class");
    await user.selectOptions(
      within(voice).getByLabelText("Point of view"),
      "First person plural (we, our)",
    );
    await user.click(screen.getByRole("button", { name: "Save Company Profile" }));

    expect(await screen.findByText("Company profile saved.")).toBeInTheDocument();
    const sent = fake.requests.find((r) => r.method === "PUT")?.body as CompanyProfileResponse;
    expect(sent.voice).toEqual({
      toneAttributes: ["measured", "blunt"],
      preferredWords: ["cycle time"],
      avoidWords: ["paradigm", "world-class"],
      pointOfView: "first-person-plural",
    });
    expect(sent).not.toHaveProperty("isSample");
    expect(screen.queryByText(SAMPLE_PROFILE_NOTICE)).toBeNull();
  });

  it("shows the server's message for a voice entry under its field", async () => {
    installFakeApi({
      "GET /api/company-profile": ok({ ...PROFILE, isSample: false }),
      "PUT /api/company-profile": fail(400, "validation_error", "Invalid input.", {
        details: {
          issues: [
            {
              path: "body.voice.avoidWords.0",
              message: "Each word to avoid needs at least 2 characters.",
            },
          ],
        },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    const avoid = await screen.findByLabelText("Words to avoid");
    expect(screen.queryByText(SAMPLE_PROFILE_NOTICE)).toBeNull();
    await user.type(avoid, "x");
    await user.click(screen.getByRole("button", { name: "Save Company Profile" }));
    expect(
      await screen.findByText("Each word to avoid needs at least 2 characters."),
    ).toBeInTheDocument();
    expect(avoid).toHaveAttribute("aria-invalid", "true");
  });

  it("shows the voice read-only to non-admins", async () => {
    installFakeApi({ "GET /api/company-profile": ok({ ...PROFILE, can: { edit: false } }) });
    renderWithProviders(<Harness />);
    expect(await screen.findByLabelText("Tone")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("Point of view")).toBeDisabled();
  });
});
