import type { User } from "@content-studio/contract";
import { useRef, type ReactNode } from "react";
import { useApplyUiSettings } from "../../features/settings/hooks/use-ui-settings";
import { useLocalStorageState } from "../../hooks/use-local-storage-state";
import { Sidebar } from "./sidebar";

const COLLAPSED_KEY = "content-studio:sidebar-collapsed";
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";

/** Sidebar plus the scrolling main area every signed-in screen renders into. */
export function AppShell({ user, children }: { user: User; children: ReactNode }) {
  const [collapsed, setCollapsed] = useLocalStorageState(COLLAPSED_KEY, false, isBoolean);
  const mainRef = useRef<HTMLElement>(null);
  // The user's dark mode, accent colour and compact mode (Settings → UI Settings).
  useApplyUiSettings(user.id);

  return (
    <div className="flex h-screen overflow-hidden bg-slate-50">
      <button
        type="button"
        onClick={() => mainRef.current?.focus()}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-medium text-primary-text shadow focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:ring-2 focus:ring-primary"
      >
        Skip to main content
      </button>
      <Sidebar user={user} collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
      {/* `relative`: the containing block of absolutely positioned descendants (sr-only text),
          so they scroll and clip with the main area instead of lengthening the document. */}
      <main
        ref={mainRef}
        tabIndex={-1}
        className="relative min-w-0 flex-1 overflow-y-auto outline-none"
      >
        <div className="mx-auto max-w-7xl px-6 py-8 compact:px-4 compact:py-5 lg:px-10 compact:lg:px-6">
          {children}
        </div>
      </main>
    </div>
  );
}
