import { useCallback, useEffect, useRef, useState } from "react";

/** How far below the top of the scrolling area a section's top must pass to be the current one. */
const LINE_PX = 96;
/** A jump to a section holds the current one until its scrolling has been still this long. */
const SETTLE_MS = 200;

/** The nearest ancestor that scrolls vertically (the app's main area); null: the window. */
function scrollParent(element: HTMLElement): HTMLElement | null {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const { overflowY } = getComputedStyle(node);
    if (overflowY === "auto" || overflowY === "scroll") return node;
  }
  return null;
}

/**
 * The section the reader is in (scroll spy over the elements with these ids): the last one
 * whose top has passed a line just below the top of the scrolling area, or the last section
 * once the page is scrolled to its end (short final sections never reach the line).
 * `jumpTo(id)` makes `id` current at once; it stays current while the jump scrolls and
 * afterwards for as long as its top is in view (a card near the end cannot reach the line).
 */
export function useSectionSpy(ids: readonly string[]) {
  const [active, setActive] = useState(ids[0] ?? "");
  const settling = useRef<ReturnType<typeof setTimeout> | null>(null);
  const target = useRef<string | null>(null);
  const measureSoon = useRef<() => void>(() => {});
  const key = ids.join(" ");

  /** Holds the current section until the scrolling has been still for a moment, then measures. */
  const holdWhileScrolling = useCallback(() => {
    if (settling.current !== null) clearTimeout(settling.current);
    settling.current = setTimeout(() => {
      settling.current = null;
      measureSoon.current();
    }, SETTLE_MS);
  }, []);

  useEffect(() => {
    const sectionIds = key.split(" ");
    const first = document.getElementById(sectionIds[0] ?? "");
    if (!first) return;
    const scroller = scrollParent(first);
    let frame = 0;
    const measure = () => {
      frame = 0;
      const view = scroller
        ? {
            top: scroller.getBoundingClientRect().top,
            height: scroller.clientHeight,
            scrolled: scroller.scrollTop,
            end: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight,
          }
        : {
            top: 0,
            height: window.innerHeight,
            scrolled: window.scrollY,
            end: document.documentElement.scrollHeight - window.scrollY - window.innerHeight,
          };
      const topOf = (id: string) => document.getElementById(id)?.getBoundingClientRect().top;
      if (target.current !== null) {
        const top = topOf(target.current);
        if (top !== undefined && top >= view.top && top < view.top + view.height) return;
        target.current = null;
      }
      let current = sectionIds[0] ?? "";
      for (const id of sectionIds) {
        const top = topOf(id);
        if (top !== undefined && top <= view.top + LINE_PX) current = id;
      }
      if (view.scrolled > 0 && view.end <= 2)
        current = sectionIds[sectionIds.length - 1] ?? current;
      setActive(current);
    };
    measureSoon.current = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    const onScroll = () => {
      if (settling.current !== null) {
        // A jump is still scrolling.
        holdWhileScrolling();
        return;
      }
      measureSoon.current();
    };
    measureSoon.current();
    const events = scroller ?? window;
    events.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      events.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
      measureSoon.current = () => {};
    };
  }, [key, holdWhileScrolling]);

  useEffect(
    () => () => {
      if (settling.current !== null) clearTimeout(settling.current);
    },
    [],
  );

  const jumpTo = useCallback(
    (id: string) => {
      holdWhileScrolling();
      target.current = id;
      setActive(id);
    },
    [holdWhileScrolling],
  );

  return { active, jumpTo };
}
