import type { StageJourney } from "@content-studio/contract";
import { Card } from "../../../components/ui/card";
import { capitalize } from "../utils/text";

const MAX_ITEMS = 3;

function journeyLists(journey: StageJourney): [string, string[]][] {
  switch (journey.stage) {
    case "awareness":
      return [
        ["Pain points at this stage", journey.painPoints],
        ["Content that works", journey.contentTypes],
        ["Channels", journey.channels],
      ];
    case "consideration":
      return [
        ["Evaluation criteria", journey.evaluationCriteria],
        ["Content that works", journey.contentTypes],
        ["Channels", journey.channels],
      ];
    case "decision":
      return [
        ["Stakeholders", journey.stakeholders],
        ["Objections to answer", journey.objections],
        ["Content that works", journey.contentTypes],
      ];
  }
}

/** What the chosen persona needs at the chosen buying stage (from the audience data). */
export function AudienceFocus({
  journey,
  personaTitle,
  isLoading,
}: {
  journey: StageJourney | undefined;
  personaTitle: string | undefined;
  isLoading: boolean;
}) {
  if (isLoading) {
    return (
      <Card title="Buying journey">
        <p role="status" className="text-sm text-slate-500">
          Loading audience data...
        </p>
      </Card>
    );
  }
  if (!journey) {
    return (
      <Card title="Buying journey">
        <p className="text-sm text-slate-500">
          Choose a persona, an industry and a buying stage to see what this audience needs.
        </p>
      </Card>
    );
  }
  return (
    <Card
      title="Buying journey"
      description={`${personaTitle ?? "The persona"} at the ${capitalize(journey.stage)} stage`}
    >
      <div className="space-y-4">
        {journeyLists(journey).map(([title, items]) => (
          <div key={title}>
            <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">{title}</h3>
            <ul className="mt-1.5 list-disc space-y-1 pl-4 text-sm text-slate-700">
              {items.slice(0, MAX_ITEMS).map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Card>
  );
}
