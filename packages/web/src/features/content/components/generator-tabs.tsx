import type { KeyboardEvent, ReactNode } from "react";
import { focusRing } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { tabAfterArrowKey } from "../../../lib/tabs";

const GENERATOR_TABS = [
  { id: "generate", label: "Generate" },
  { id: "optimize", label: "Optimize" },
  { id: "visualize", label: "Visualize" },
  { id: "repurpose", label: "Repurpose" },
] as const;
export type GeneratorTab = (typeof GENERATOR_TABS)[number]["id"];

const tabId = (tab: GeneratorTab) => `generator-tab-${tab}`;
const panelId = (tab: GeneratorTab) => `generator-panel-${tab}`;

/** Generate, Optimize, Visualize, Repurpose; the last three only once content exists. */
export function GeneratorTabs({
  active,
  hasContent,
  onSelect,
}: {
  active: GeneratorTab;
  hasContent: boolean;
  onSelect: (tab: GeneratorTab) => void;
}) {
  const enabled = GENERATOR_TABS.filter((t) => t.id === "generate" || hasContent).map((t) => t.id);

  // Arrow keys move between the enabled tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterArrowKey(event, enabled, active);
    if (next === undefined) return;
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Content generator"
      onKeyDown={onKeyDown}
      className="mb-6 flex border-b border-slate-200 sm:gap-1"
    >
      {GENERATOR_TABS.map((tab) => {
        const selected = tab.id === active;
        const disabled = !enabled.includes(tab.id);
        return (
          <button
            key={tab.id}
            id={tabId(tab.id)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId(tab.id)}
            tabIndex={selected ? 0 : -1}
            disabled={disabled}
            onClick={() => onSelect(tab.id)}
            className={cn(
              "-mb-px border-b-2 px-3 py-2.5 sm:px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:text-slate-300",
              focusRing,
              selected
                ? "border-primary text-primary-text"
                : "border-transparent text-slate-600 enabled:hover:border-slate-300 enabled:hover:text-slate-900",
            )}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of one tab, named by the tab and hidden while another is active. */
export function GeneratorTabPanel({
  tab,
  active,
  children,
}: {
  tab: GeneratorTab;
  active: GeneratorTab;
  children: ReactNode;
}) {
  return (
    <div role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)} hidden={active !== tab}>
      {children}
    </div>
  );
}
