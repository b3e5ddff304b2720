import type { AudienceFilter, Persona } from "@content-studio/contract";
import { ChevronDown } from "lucide-react";
import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { buttonClasses, focusRing } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/cn";
import { tabAfterArrowKey } from "../../../lib/tabs";
import { useContentRecommendations } from "../api/get-content-recommendations";
import { FormatBars } from "./bar";
import { TitledList } from "./titled-list";
import { capitalise, generatorLink } from "../utils/labels";

type Section = "journey" | "engagement";

function Collapsible({
  title,
  open,
  onToggle,
  children,
}: {
  title: string;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={onToggle}
          className={cn(
            "flex w-full items-center justify-between gap-3 rounded-xl px-6 py-4 text-left text-base font-semibold text-slate-900",
            focusRing,
          )}
        >
          {title}
          <ChevronDown
            aria-hidden="true"
            className={cn("size-5 text-slate-500 transition-transform", open && "rotate-180")}
          />
        </button>
      </h2>
      <div id={id} hidden={!open} className="border-t border-slate-200 px-6 py-5">
        {open ? children : null}
      </div>
    </section>
  );
}

/** The buying journey's lists: small uppercase headings under each stage's title. */
function JourneyList({ title, items }: { title: string; items: string[] }) {
  return (
    <TitledList
      title={title}
      items={items}
      headingClassName="text-xs font-semibold tracking-wide text-slate-500 uppercase"
    />
  );
}

function BuyingJourney({ persona }: { persona: Persona }) {
  const j = persona.buyingJourney;
  const columns: [string, ReactNode][] = [
    [
      "Awareness",
      <>
        <JourneyList title="Pain points" items={j.awareness.painPoints} />
        <JourneyList title="Content types" items={j.awareness.contentTypes} />
        <JourneyList title="Channels" items={j.awareness.channels} />
      </>,
    ],
    [
      "Consideration",
      <>
        <JourneyList title="Evaluation criteria" items={j.consideration.evaluationCriteria} />
        <JourneyList title="Content types" items={j.consideration.contentTypes} />
        <JourneyList title="Channels" items={j.consideration.channels} />
      </>,
    ],
    [
      "Decision",
      <>
        <JourneyList title="Stakeholders" items={j.decision.stakeholders} />
        <JourneyList title="Objections" items={j.decision.objections} />
        <JourneyList title="Content types" items={j.decision.contentTypes} />
      </>,
    ],
  ];
  return (
    <div>
      <p className="mb-4 text-sm text-slate-600">{persona.title}</p>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {columns.map(([stage, body]) => (
          <div key={stage} className="space-y-3 rounded-lg border border-slate-200 p-4">
            <h3 className="font-semibold text-slate-900">{stage}</h3>
            {body}
          </div>
        ))}
      </div>
    </div>
  );
}

const TABS = [
  { id: "formats", label: "Content Formats" },
  { id: "persona", label: "Performance by Persona" },
  { id: "recommendations", label: "Content Recommendations" },
] as const;
type Tab = (typeof TABS)[number]["id"];
const TAB_IDS = TABS.map((t) => t.id);

function Recommendations({
  filter,
  personaName,
  industryName,
}: {
  filter: AudienceFilter;
  personaName: (id: string) => string;
  industryName: (id: string) => string;
}) {
  const recs = useContentRecommendations(filter);
  if (recs.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading recommendations…
      </p>
    );
  if (recs.isError) return <Alert>{recs.error.message}</Alert>;
  if (recs.data.items.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No surging keywords in the intent data for this view.
      </p>
    );
  return (
    <div>
      <p className="mb-3 text-sm text-slate-600">
        Surging keywords per persona and stage, ranked by the intent behind them, with the approved
        or published content that covers them. Gaps come first.
      </p>
      <ul className="divide-y divide-slate-100" aria-label="Content recommendations">
        {recs.data.items.map((gap) => (
          <li
            key={`${gap.keyword}|${gap.personaId}|${gap.buyingStage}`}
            className="flex flex-wrap items-center justify-between gap-3 py-3"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{gap.keyword}</p>
              <p className="text-sm text-slate-600">
                {personaName(gap.personaId)} · {capitalise(gap.buyingStage)} ·{" "}
                {industryName(gap.industryId)} · {gap.accounts}{" "}
                {gap.accounts === 1 ? "account" : "accounts"} · total intent {gap.intent}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span
                className={cn(
                  "rounded-full px-2 py-0.5 text-xs font-medium",
                  gap.coveringItems === 0
                    ? "bg-amber-50 text-amber-800"
                    : "bg-green-50 text-green-800",
                )}
              >
                {gap.coveringItems === 0
                  ? "Gap: no content"
                  : `Covered by ${gap.coveringItems} ${gap.coveringItems === 1 ? "item" : "items"}`}
              </span>
              <Link
                to={generatorLink(gap)}
                className={buttonClasses("secondary", "sm")}
                aria-label={`Create content about ${gap.keyword} for ${personaName(gap.personaId)}`}
              >
                Create content
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The two collapsible sections: one open at a time, the buying journey first. */
export function JourneySections({
  personas,
  selected,
  filter,
  personaName,
  industryName,
}: {
  personas: Persona[];
  selected: Persona | undefined;
  filter: AudienceFilter;
  personaName: (id: string) => string;
  industryName: (id: string) => string;
}) {
  const [open, setOpen] = useState<Section | null>("journey");
  const [tab, setTab] = useState<Tab>("formats");
  const baseId = useId();
  const toggle = (section: Section) => setOpen((current) => (current === section ? null : section));
  const onTabKey = (event: KeyboardEvent) => {
    const next = tabAfterArrowKey(event, TAB_IDS, tab);
    if (next === undefined) return;
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <div className="space-y-4">
      <Collapsible
        title="Buying Journey Analysis"
        open={open === "journey"}
        onToggle={() => toggle("journey")}
      >
        {selected ? <BuyingJourney persona={selected} /> : null}
      </Collapsible>
      <Collapsible
        title="Content Engagement Analysis"
        open={open === "engagement"}
        onToggle={() => toggle("engagement")}
      >
        <div
          role="tablist"
          aria-label="Content engagement"
          className="mb-4 flex flex-wrap gap-1 border-b border-slate-200"
        >
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`${baseId}-panel-${t.id}`}
              tabIndex={tab === t.id ? 0 : -1}
              onClick={() => setTab(t.id)}
              onKeyDown={onTabKey}
              className={cn(
                "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
                focusRing,
                tab === t.id
                  ? "border-primary text-slate-900"
                  : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${baseId}-panel-${tab}`} aria-labelledby={`${baseId}-tab-${tab}`}>
          {tab === "formats" && selected ? (
            <div className="max-w-xl space-y-3">
              <p className="text-sm text-slate-600">{selected.title}: effectiveness by format</p>
              <FormatBars formats={selected.formatEffectiveness} />
            </div>
          ) : null}
          {tab === "persona" ? (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {personas.map((p) => (
                <div key={p.id} className="space-y-2 rounded-lg border border-slate-200 p-4">
                  <h3 className="font-semibold text-slate-900">{p.title}</h3>
                  <FormatBars formats={p.formatEffectiveness} limit={3} />
                </div>
              ))}
            </div>
          ) : null}
          {tab === "recommendations" ? (
            <Recommendations
              filter={filter}
              personaName={personaName}
              industryName={industryName}
            />
          ) : null}
        </div>
      </Collapsible>
    </div>
  );
}
