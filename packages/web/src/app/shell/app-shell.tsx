import type { User } from "@content-studio/contract";
import { Menu } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { BrandMark } from "../../components/brand-mark";
import { MalformedAnswerNotice } from "../../components/malformed-answer-notice";
import { IconButton } from "../../components/ui/icon-button";
import { useApplyUiSettings } from "../../features/settings/hooks/use-ui-settings";
import { useLocalStorageState } from "../../hooks/use-local-storage-state";
import { MobileMenu } from "./mobile-menu";
import { Sidebar } from "./sidebar";

const COLLAPSED_KEY = "content-studio:sidebar-collapsed";
const MENU_ID = "app-menu";
/** Tailwind's `md` breakpoint: from here on the sidebar sits beside the page. */
const WIDE = "(min-width: 768px)";
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";

/**
 * The frame of every signed-in screen: from 768 px the collapsible sidebar beside the scrolling
 * main area; below that a top bar whose menu button opens the sidebar as an off-canvas menu.
 */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const [collapsed, setCollapsed] = useLocalStorageState(COLLAPSED_KEY, false, isBoolean);
  const mainRef = useRef<HTMLElement>(null);
  // The menu is open for the location it was opened at: any navigation closes it.
  const location = useLocation();
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;
  // The user's dark mode, accent colour and compact mode (Settings → UI Settings).
  useApplyUiSettings(user.id);

  const closeMenu = () => setMenuOpenAt(null);

  // Widening the window past the breakpoint turns the menu into the rail: close the menu.
  useEffect(() => {
    const wide = window.matchMedia?.(WIDE);
    if (!wide) return;
    const onChange = () => {
      if (wide.matches) setMenuOpenAt(null);
    };
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  return (
    <div className="flex h-screen flex-col overflow-hidden bg-slate-50 md:flex-row">
      <button
        type="button"
        onClick={() => mainRef.current?.focus()}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium text-primary-text shadow focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:ring-2 focus:ring-primary"
      >
        Skip to main content
      </button>
      <header
        inert={menuOpen}
        className="flex h-14 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-3 md:hidden"
      >
        <IconButton
          label="Open menu"
          icon={Menu}
          onClick={() => setMenuOpenAt(location.key)}
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-haspopup="dialog"
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        />
        <BrandMark className="size-8" />
        <span className="text-base font-semibold tracking-tight text-slate-900">
          Content Studio
        </span>
      </header>
      <div className="hidden md:flex">
        <Sidebar
          user={user}
          mode={{ kind: "rail", collapsed, onToggle: () => setCollapsed(!collapsed) }}
        />
      </div>
      {/* `relative`: the containing block of absolutely positioned descendants (sr-only text),
          so they scroll and clip with the main area instead of lengthening the document. */}
      <main
        ref={mainRef}
        tabIndex={-1}
        inert={menuOpen}
        className="relative min-w-0 flex-1 overflow-y-auto outline-none"
      >
        <div className="mx-auto max-w-7xl px-4 py-6 compact:px-3 compact:py-4 sm:px-6 sm:py-8 compact:sm:px-4 compact:sm:py-5 lg:px-10 compact:lg:px-6">
          <MalformedAnswerNotice />
          {children}
        </div>
      </main>
      <MobileMenu id={MENU_ID} user={user} open={menuOpen} onClose={closeMenu} />
    </div>
  );
}
