import { BUILTIN_WRITER_DESCRIPTION } from "@content-studio/contract";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../testing/data";
import { installFakeApi, ok } from "../../../testing/fake-api";
import { renderWithProviders } from "../../../testing/render";
import {
  aerospace,
  catalog,
  generationSettingsAnswer,
  vpEngineering,
} from "../../../testing/generator-fixtures";
import { GeneratorPage } from "./generator-page";

function renderWith(writer: { label: string; description: string | null } | undefined) {
  installFakeApi({
    "GET /api/settings/generation": ok(generationSettingsAnswer()),
  });
  renderWithProviders(
    <GeneratorPage
      user={buildUser({ role: "editor" })}
      personas={[vpEngineering]}
      industries={[aerospace]}
      buyingStages={["awareness", "consideration", "decision"]}
      catalog={catalog}
      writer={writer}
    />,
  );
}

describe("GeneratorPage writer note", () => {
  it("names the template writer and says how it writes", () => {
    renderWith({
      label: "Template writer (offline, no AI)",
      description: BUILTIN_WRITER_DESCRIPTION,
    });
    const note = screen.getByRole("region", { name: "Writer" });
    expect(within(note).getByText("Template writer (offline, no AI)")).toBeInTheDocument();
    expect(within(note).getByText(BUILTIN_WRITER_DESCRIPTION)).toBeInTheDocument();
  });

  it("names a model provider without a description", () => {
    renderWith({ label: "OpenAI", description: null });
    const note = screen.getByRole("region", { name: "Writer" });
    expect(within(note).getByText("OpenAI")).toBeInTheDocument();
    expect(within(note).queryByText(BUILTIN_WRITER_DESCRIPTION)).toBeNull();
  });
});
