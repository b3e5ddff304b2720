import type { ReactNode } from "react";
import { Sparkles } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { BusyIcon, Spinner } from "../../../components/ui/spinner";
import { useBrief } from "../api/get-brief";
import { useLiveKit } from "../api/kit-events";
import { useStartKit } from "../api/start-kit";
import type { KitNames } from "./kit-model";
import { KitRunView } from "./kit-run-view";

interface BriefKitPanelProps extends KitNames {
  briefId: string;
}

/** Where a brief's kit is generated and followed: "Generate kit" and the latest kit's run view. */
export function BriefKitPanel({ briefId, ...names }: BriefKitPanelProps) {
  const brief = useBrief(briefId);
  const start = useStartKit();
  const kitId = start.data?.id ?? brief.data?.latestKit?.id ?? null;
  const canRun = brief.data?.can.run ?? false;

  const generate = canRun ? (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant={kitId ? "secondary" : "primary"}
        disabled={start.isPending}
        onClick={() => start.mutate(briefId)}
      >
        <BusyIcon busy={start.isPending} icon={Sparkles} />
        {kitId ? "Generate a new kit" : "Generate kit"}
      </Button>
      {start.error ? <Alert className="min-w-0 flex-1">{start.error.message}</Alert> : null}
    </div>
  ) : null;

  if (!kitId) {
    return (
      <Card title="Campaign kit">
        <p className="text-sm text-slate-600">
          {canRun
            ? "Generate kit writes every chosen asset for every cell of this brief into the library."
            : "No kit has been generated from this brief yet."}
        </p>
        {generate ? <div className="mt-4">{generate}</div> : null}
      </Card>
    );
  }
  return <KitPanel key={kitId} kitId={kitId} names={names} generate={generate} />;
}

/** The kit, live: loading and error states around the run view. */
function KitPanel({
  kitId,
  names,
  generate,
}: {
  kitId: string;
  names: KitNames;
  /** The "Generate" button, offered once this kit is not running. */
  generate: ReactNode;
}) {
  const kit = useLiveKit(kitId);
  if (kit.data) {
    return (
      <KitRunView
        kit={kit.data}
        names={names}
        receivedAt={kit.dataUpdatedAt}
        generate={kit.data.status === "running" ? null : generate}
      />
    );
  }
  if (kit.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
        <Spinner /> Loading the kit...
      </p>
    );
  }
  return (
    <Alert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>The kit could not be loaded: {kit.error.message}</span>
        <Button variant="secondary" size="sm" onClick={() => void kit.refetch()}>
          Try again
        </Button>
      </div>
    </Alert>
  );
}
