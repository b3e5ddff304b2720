import type { KeyboardEvent } from "react";
import { focusRing } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { tabAfterArrowKey } from "../../../lib/tabs";

export const ITEM_TABS = [
  { id: "optimize", label: "Optimize" },
  { id: "visualize", label: "Visualize" },
  { id: "repurpose", label: "Repurpose" },
  { id: "edit", label: "Edit" },
  { id: "history", label: "History" },
] as const;
export type ItemTabId = (typeof ITEM_TABS)[number]["id"];
const ITEM_TAB_IDS = ITEM_TABS.map((t) => t.id);

interface LibraryItemTabsProps {
  tab: ItemTabId;
  onSelect: (tab: ItemTabId) => void;
}

/** The item's views as tabs; the arrow keys move between them (and the focus with them). */
export function LibraryItemTabs({ tab, onSelect }: LibraryItemTabsProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterArrowKey(event, ITEM_TAB_IDS, tab);
    if (next === undefined) return;
    onSelect(next);
    document.getElementById(`library-tab-${next}`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Content views"
      onKeyDown={onKeyDown}
      // All five tabs fit 390 px (tighter padding on phones); the row still scrolls sideways
      // with larger text.
      className="mb-6 flex overflow-x-auto border-b border-slate-200 sm:gap-1"
    >
      {ITEM_TABS.map((t) => (
        <button
          key={t.id}
          id={`library-tab-${t.id}`}
          type="button"
          role="tab"
          aria-selected={t.id === tab}
          aria-controls={`library-panel-${t.id}`}
          tabIndex={t.id === tab ? 0 : -1}
          onClick={() => onSelect(t.id)}
          className={cn(
            "-mb-px border-b-2 px-2 py-2.5 text-sm font-medium whitespace-nowrap transition-colors sm:px-4",
            focusRing,
            t.id === tab
              ? "border-primary text-primary-text"
              : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
          )}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
