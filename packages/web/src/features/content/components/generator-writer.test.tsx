import { AI_PROVIDERS, BUILTIN_WRITER_DESCRIPTION } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeApi, ok } from "../../../../test/fake-api";
import { renderGeneratorPage } from "../../../../test/content-render";
import { generationSettingsAnswer } from "../../../../test/content-fixtures";

function renderWith(
  writer: { label: string; description: string | null; offline?: boolean } | undefined,
) {
  installFakeApi({
    "GET /api/settings/generation": ok(generationSettingsAnswer()),
  });
  renderGeneratorPage({ writer });
}

describe("GeneratorPage writer note", () => {
  it("names the outline writer, says it writes outlines and invites connecting a provider", () => {
    renderWith({
      label: AI_PROVIDERS.builtin.label,
      description: BUILTIN_WRITER_DESCRIPTION,
      offline: true,
    });
    const note = screen.getByRole("region", { name: "Writer" });
    expect(within(note).getByText("Outline writer (offline, no AI)")).toBeInTheDocument();
    expect(within(note).getByText(BUILTIN_WRITER_DESCRIPTION)).toBeInTheDocument();
    expect(BUILTIN_WRITER_DESCRIPTION).toMatch(/outline, not finished copy/);
    const link = within(note).getByRole("link", { name: "connect an AI provider in Settings" });
    expect(link).toHaveAttribute("href", "/settings");
  });

  it("names a model provider without a description", () => {
    renderWith({ label: "OpenAI", description: null });
    const note = screen.getByRole("region", { name: "Writer" });
    expect(within(note).getByText("OpenAI")).toBeInTheDocument();
    expect(within(note).queryByText(BUILTIN_WRITER_DESCRIPTION)).toBeNull();
    expect(within(note).queryByRole("link")).toBeNull();
  });
});
