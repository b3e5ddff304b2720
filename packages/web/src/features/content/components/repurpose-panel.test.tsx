import type { ContentVariations } from "@content-studio/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fail, installFakeApi, ok } from "../../../../test/fake-api";
import { renderWithProviders } from "../../../../test/render";
import { RepurposePanel } from "./repurpose-panel";

const variation = (n: number, overrides: Partial<ContentVariations> = {}): ContentVariations => ({
  linkedin: `LinkedIn post ${n}`,
  x: `Read it https://example.com/${"long-path/".repeat(10)} now`,
  emailSubjects: [`Subject A${n}`, `Subject B${n}`, `Subject C${n}`],
  newsletter: `Newsletter ${n}`,
  variation: n,
  provider: "builtin",
  model: "content-studio-writer-1",
  createdAt: `2026-11-21T10:0${n}:00.000Z`,
  ...overrides,
});

function counterOf(label: string) {
  const field = screen.getByLabelText(label);
  const id = field.getAttribute("aria-describedby") ?? "";
  return document.getElementById(id) as HTMLElement;
}

describe("RepurposePanel", () => {
  it("writes variations, counts live (links as 23 on X) and regenerates for real", async () => {
    let calls = 0;
    const fake = installFakeApi({
      "POST /api/library/:id/repurpose": () => {
        calls += 1;
        return ok(variation(calls));
      },
    });
    renderWithProviders(<RepurposePanel contentItemId="content-1" canRepurpose />);
    const user = userEvent.setup();

    await user.click(screen.getByRole("button", { name: "Generate Variations" }));
    expect(await screen.findByLabelText("LinkedIn post")).toHaveValue("LinkedIn post 1");
    expect(fake.requests[0]?.path).toBe("/api/library/content-1/repurpose");

    // "Read it " (8) + link (23) + " now" (4)
    expect(counterOf("X post")).toHaveTextContent("35 / 280");
    expect(counterOf("LinkedIn post")).toHaveTextContent("15 / 3,000");
    expect(counterOf("Email subject 1")).toHaveTextContent("10 / 60");
    expect(counterOf("Newsletter blurb")).toHaveTextContent("12 / 600");

    const subject = screen.getByLabelText("Email subject 2");
    await user.clear(subject);
    await user.type(subject, "x".repeat(61));
    expect(counterOf("Email subject 2")).toHaveTextContent("61 / 60");
    expect(counterOf("Email subject 2")).toHaveClass("text-red-600");
    expect(subject).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Copy Email subject 2" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Copy Email subject 1" })).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Regenerate Variations" }));
    await waitFor(() =>
      expect(screen.getByLabelText("LinkedIn post")).toHaveValue("LinkedIn post 2"),
    );
    expect(screen.getByLabelText("Email subject 2")).toHaveValue("Subject B2");
    expect(counterOf("Email subject 2")).not.toHaveClass("text-red-600");
    expect(fake.requests.filter((r) => r.method === "POST")).toHaveLength(2);
  });

  it("marks an X post over 280 as it counts it", async () => {
    installFakeApi({ "POST /api/library/:id/repurpose": ok(variation(1, { x: "a".repeat(260) })) });
    renderWithProviders(<RepurposePanel contentItemId="content-1" canRepurpose />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Generate Variations" }));
    const x = await screen.findByLabelText("X post");
    expect(counterOf("X post")).toHaveTextContent("260 / 280");
    await user.type(x, " https://a.io");
    expect(counterOf("X post")).toHaveTextContent("284 / 280");
    expect(counterOf("X post")).toHaveClass("text-red-600");
  });

  it("shows the server's message when repurposing fails", async () => {
    installFakeApi({
      "POST /api/library/:id/repurpose": fail(
        502,
        "provider_error",
        "The AI provider is unavailable.",
      ),
    });
    renderWithProviders(<RepurposePanel contentItemId="content-1" canRepurpose />);
    await userEvent.click(screen.getByRole("button", { name: "Generate Variations" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The AI provider is unavailable.");
  });

  it("shows the variations saved with the item when it is reopened", async () => {
    installFakeApi({});
    renderWithProviders(
      <RepurposePanel contentItemId="content-1" canRepurpose saved={variation(3)} />,
    );
    expect(await screen.findByLabelText("LinkedIn post")).toHaveValue("LinkedIn post 3");
    expect(screen.getByText(/Variation 3, saved with the content/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Regenerate Variations" })).toBeEnabled();
  });
});
