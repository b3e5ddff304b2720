import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FactList } from "./fact-list";

describe("FactList", () => {
  it("reads as a list of the facts; the dots between them are hidden decoration", () => {
    render(
      <p>
        <FactList facts={["Case Study", "CTO", <b key="v">Version 3</b>]} />
      </p>,
    );
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent?.replace("·", ""))).toEqual([
      "Case Study",
      "CTO",
      "Version 3",
    ]);
    for (const item of items) {
      const dot = item.querySelector('[aria-hidden="true"]');
      expect(dot?.textContent).toBe("·");
    }
    // Nothing block-level inside the paragraph (the facts stay phrasing content).
    expect(document.querySelector("p div, p ul, p li")).toBeNull();
  });
});
