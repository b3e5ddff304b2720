import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useLocation } from "react-router";
import { focusRing } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { useSectionSpy } from "../hooks/use-section-spy";

export interface SettingsSection {
  /** The element id, also the address's #fragment. */
  id: string;
  /** The card's title, as the section list names it. */
  label: string;
  content: ReactNode;
}

/** Moves to a section: scrolls it to the top and puts focus on its heading (keyboard, readers). */
function goTo(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  target.scrollIntoView?.({ block: "start", behavior: reduceMotion ? "auto" : "smooth" });
  const heading = target.querySelector<HTMLElement>("h2") ?? target;
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  // The address names the section (shareable, kept on reload) without a router navigation;
  // the router's own entry state is kept.
  window.history.replaceState(window.history.state, "", `#${id}`);
}

/**
 * The settings cards with a list of them that follows the scroll: a column beside the cards
 * from 1024 px, a bar above them that stays at the top and scrolls sideways on narrower screens.
 * Each entry is a link to the card's #id; the current one is marked `aria-current`.
 */
export function SettingsSections({
  sections,
  footer,
}: {
  sections: SettingsSection[];
  /** After the cards (the 'Save All Settings' bar). */
  footer: ReactNode;
}) {
  const { active, jumpTo } = useSectionSpy(sections.map((s) => s.id));
  const listRef = useRef<HTMLUListElement>(null);
  const { hash } = useLocation();
  const openedAt = useRef(hash);

  // A deep link (/settings#settings-users) opens at its card.
  useEffect(() => {
    const id = decodeURIComponent(openedAt.current.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView?.({ block: "start" });
  }, []);

  // Keep the current entry in view in the sideways-scrolling bar.
  useEffect(() => {
    const list = listRef.current;
    const link = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !link || list.scrollWidth <= list.clientWidth) return;
    const left = link.offsetLeft;
    const right = left + link.offsetWidth;
    if (left < list.scrollLeft || right > list.scrollLeft + list.clientWidth) {
      list.scrollTo?.({ left: Math.max(0, left - 16) });
    }
  }, [active]);

  const onClick = (id: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    jumpTo(id);
    goTo(id);
  };

  return (
    <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start lg:gap-8 compact:lg:gap-6">
      <nav
        aria-label="Settings sections"
        className="sticky top-0 z-20 mb-6 border-b border-slate-200 bg-slate-50 py-2 lg:top-6 lg:mb-0 lg:border-b-0 lg:py-0 compact:mb-4"
      >
        <ul
          ref={listRef}
          className="relative flex gap-1 overflow-x-auto lg:flex-col lg:overflow-visible"
        >
          {sections.map((s) => {
            const current = s.id === active;
            return (
              <li key={s.id} className="shrink-0">
                <a
                  href={`#${s.id}`}
                  aria-current={current ? "true" : undefined}
                  onClick={onClick(s.id)}
                  className={cn(
                    "block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors lg:whitespace-normal",
                    focusRing,
                    current
                      ? "bg-primary-soft text-primary-text"
                      : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                  )}
                >
                  {s.label}
                </a>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0 space-y-6 compact:space-y-4">
        {sections.map((s) => (
          // Scrolled to below the sticky bar (phones) or a little below the top (wide screens).
          <div key={s.id} id={s.id} className="scroll-mt-16 lg:scroll-mt-6">
            {s.content}
          </div>
        ))}
        {footer}
      </div>
    </div>
  );
}
