import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useNearViewport } from "./use-near-viewport";

function Probe() {
  const { ref, near } = useNearViewport<HTMLDivElement>("300px");
  return <div ref={ref}>{near ? "loaded" : "waiting"}</div>;
}

/** A stand-in for the browser's IntersectionObserver that the test drives by hand. */
function installObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    margin?: string;
    observed: Element[];
  }[] = [];
  class FakeObserver {
    private entry: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, margin: options?.rootMargin, observed: [] };
      observers.push(this.entry);
    }
    observe(element: Element) {
      this.entry.observed.push(element);
    }
    disconnect() {
      this.entry.observed = [];
    }
  }
  vi.stubGlobal("IntersectionObserver", FakeObserver);
  const fire = (isIntersecting: boolean) =>
    act(() => {
      for (const o of observers) {
        const records = o.observed.map((target) => ({ target, isIntersecting }));
        o.callback(records as IntersectionObserverEntry[], {} as IntersectionObserver);
      }
    });
  return { observers, fire };
}

describe("useNearViewport", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("waits until the element comes near the viewport, then stays true", () => {
    const { observers, fire } = installObserver();
    render(<Probe />);
    expect(screen.getByText("waiting")).toBeInTheDocument();
    expect(observers[0]?.margin).toBe("300px");

    fire(false);
    expect(screen.getByText("waiting")).toBeInTheDocument();
    fire(true);
    expect(screen.getByText("loaded")).toBeInTheDocument();
    // Loaded once: the observer is gone, scrolling away changes nothing.
    expect(observers.every((o) => o.observed.length === 0)).toBe(true);
  });

  it("is true at once where there is no IntersectionObserver", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<Probe />);
    expect(screen.getByText("loaded")).toBeInTheDocument();
  });
});
