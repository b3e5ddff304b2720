import type { User } from "@content-studio/contract";
import { useEffect, useRef } from "react";
import { holdModal } from "../../components/ui/focus-trap";
import { Sidebar } from "./sidebar";

interface MobileMenuProps {
  id: string;
  user: User;
  open: boolean;
  onClose: () => void;
}

/**
 * The sidebar as an off-canvas menu for narrow screens (below 768 px), opened by the top bar's
 * menu button. While open it is a modal dialog: Tab stays inside, Escape and a click outside
 * close it, the page behind does not scroll. The element is always there (the menu button's
 * aria-controls points at it) but hidden, and its content unmounted, while closed.
 */
export function MobileMenu({ id, user, open, onClose }: MobileMenuProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    // Focus goes back where it was (the menu button) when the menu closes.
    const release = holdModal(panel, () => onCloseRef.current());
    panel.querySelector<HTMLElement>("button")?.focus();
    return release;
  }, [open]);

  return (
    <div id={id} hidden={!open} className="fixed inset-0 z-40 md:hidden">
      {open ? (
        <>
          {/* Outside the panel: a click here closes the menu. */}
          <div aria-hidden="true" className="absolute inset-0 bg-black/50" onClick={onClose} />
          <div
            ref={panelRef}
            role="dialog"
            aria-modal="true"
            aria-label="Menu"
            tabIndex={-1}
            className="relative h-full w-fit shadow-xl outline-none"
          >
            <Sidebar user={user} mode={{ kind: "menu", onClose }} />
          </div>
        </>
      ) : null}
    </div>
  );
}
