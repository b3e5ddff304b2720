import { describe, expect, it, vi } from "vitest";
import { tabAfterArrowKey } from "./tabs";

const key = (name: string) => ({ key: name, preventDefault: vi.fn() });
const IDS = ["a", "b", "c"] as const;

describe("tabAfterArrowKey", () => {
  it("moves right and left, wrapping at either end, and takes the key", () => {
    const right = key("ArrowRight");
    expect(tabAfterArrowKey(right, IDS, "b")).toBe("c");
    expect(right.preventDefault).toHaveBeenCalledOnce();
    expect(tabAfterArrowKey(key("ArrowRight"), IDS, "c")).toBe("a");
    expect(tabAfterArrowKey(key("ArrowLeft"), IDS, "b")).toBe("a");
    expect(tabAfterArrowKey(key("ArrowLeft"), IDS, "a")).toBe("c");
  });

  it("leaves every other key alone", () => {
    const tab = key("Tab");
    expect(tabAfterArrowKey(tab, IDS, "a")).toBeUndefined();
    expect(tab.preventDefault).not.toHaveBeenCalled();
  });
});
