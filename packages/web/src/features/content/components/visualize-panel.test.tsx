import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { buildGenerated } from "../../../../test/content-fixtures";
import { VisualizePanel } from "./visualize-panel";

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><script>window.__svgRan = true</script><rect width="1200" height="630" fill="#eef"/></svg>';

describe("VisualizePanel", () => {
  it("sends the edited prompt, shows the SVG as an image (never as markup) and downloads it", async () => {
    const fake = installFakeApi({
      "POST /api/library/:id/visualize": (req) =>
        ok({
          kind: "svg",
          mime: "image/svg+xml",
          data: svg,
          prompt: (req.body as { imagePrompt: string }).imagePrompt,
          source: "builtin",
          note: null,
          createdAt: "2026-11-21T10:00:00.000Z",
        }),
    });
    const createObjectURL = vi.fn((_: Blob) => "blob:fake");
    vi.stubGlobal("URL", Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderWithProviders(<VisualizePanel result={buildGenerated()} />);
    const user = userEvent.setup();

    const prompt = screen.getByLabelText("Image prompt");
    expect(prompt).toHaveValue("An isometric factory floor with cost flows");
    await user.clear(prompt);
    await user.type(prompt, "A cost waterfall");
    await user.click(screen.getByRole("button", { name: "Generate Visualization" }));

    // The built-in renderer draws an infographic of the piece, not the prompt's scene, and says so.
    const image = await screen.findByRole("img", {
      name: `Infographic: ${buildGenerated().content.headline}`,
    });
    expect(screen.getByText(/does not show the scene in the image prompt/)).toBeInTheDocument();
    expect(image.getAttribute("src")).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(document.querySelector('rect[fill="#eef"], script')).toBeNull();
    expect(fake.requests[0]?.body).toEqual({ imagePrompt: "A cost waterfall" });

    await user.click(screen.getByRole("button", { name: "Download SVG" }));
    await vi.waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const blob = createObjectURL.mock.calls[0]?.[0];
    expect(blob?.type).toBe("image/svg+xml");
    expect(await blob?.text()).toBe(svg);
  });

  it("shows the picture saved with the item when it is reopened", async () => {
    installFakeApi({});
    const saved = {
      kind: "svg" as const,
      mime: "image/svg+xml" as const,
      data: svg,
      prompt: "A cost waterfall",
      source: "builtin" as const,
      note: null,
      createdAt: "2026-11-21T10:00:00.000Z",
    };
    renderWithProviders(<VisualizePanel result={buildGenerated()} saved={saved} />);
    expect(
      await screen.findByRole("img", { name: `Infographic: ${buildGenerated().content.headline}` }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No visualization yet/)).not.toBeInTheDocument();
  });
});
