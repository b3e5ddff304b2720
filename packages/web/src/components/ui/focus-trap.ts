const FOCUSABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type='hidden'])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "summary",
  "[tabindex]:not([tabindex='-1'])",
].join(",");

/** The elements of `root` that Tab can reach, in document order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest("[inert]"),
  );
}

/**
 * Keeps Tab and Shift+Tab inside `container` (a modal dialog or the open menu): from the last
 * element Tab wraps to the first and back; focus that has left the container comes back in.
 * Call it from a document keydown listener; it ignores every key but Tab.
 */
function keepTabInside(event: KeyboardEvent, container: HTMLElement): void {
  if (event.key !== "Tab") return;
  const items = focusables(container);
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    container.focus();
  } else if (!container.contains(active)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  } else if (event.shiftKey && (active === first || active === container)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Holds `panel` modal until the returned function is called: Escape calls `onClose`, Tab stays
 * inside (keepTabInside), the page behind does not scroll, and focus then goes back where it
 * was. Call the returned function once the page behind is reachable again.
 */
export function holdModal(panel: HTMLElement, onClose: () => void): () => void {
  const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const overflow = document.body.style.overflow;
  document.body.style.overflow = "hidden";
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
      return;
    }
    keepTabInside(event, panel);
  };
  document.addEventListener("keydown", onKeyDown);
  return () => {
    document.removeEventListener("keydown", onKeyDown);
    document.body.style.overflow = overflow;
    returnTo?.focus();
  };
}
