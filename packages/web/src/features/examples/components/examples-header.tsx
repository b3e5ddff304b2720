import type { RepositorySource } from "@content-studio/contract";
import { DatabaseZap, Plus } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { BusyIcon } from "../../../components/ui/spinner";
import { SourceSwitch } from "./source-switch";

interface ExamplesHeaderProps {
  source: RepositorySource;
  onSourceChange: (source: RepositorySource) => void;
  /** Offer "New Example" (the list's `can.create`). */
  canCreate: boolean;
  onNew: () => void;
  /** Offer "Ingest Examples" (the list's `can.ingest`). */
  canIngest: boolean;
  onIngest: () => void;
  ingesting: boolean;
  /** Cloud cannot be read: ingesting is off, and the notice with this id says why. */
  cloudBlocked: boolean;
  cloudNeedsId: string;
}

/** The Example Repository's title with the source switch, "New Example" and "Ingest Examples". */
export function ExamplesHeader({
  source,
  onSourceChange,
  canCreate,
  onNew,
  canIngest,
  onIngest,
  ingesting,
  cloudBlocked,
  cloudNeedsId,
}: ExamplesHeaderProps) {
  return (
    <PageHeader
      title="Example Repository"
      description="Good and bad benchmark examples that guide generation and quality checks."
      actions={
        <>
          <SourceSwitch name="examples-source" value={source} onChange={onSourceChange} />
          {canCreate ? (
            <Button variant="secondary" onClick={onNew}>
              <Plus className="size-4" aria-hidden="true" />
              New Example
            </Button>
          ) : null}
          {canIngest ? (
            <Button
              onClick={onIngest}
              disabled={ingesting || cloudBlocked}
              aria-describedby={cloudBlocked ? cloudNeedsId : undefined}
            >
              <BusyIcon busy={ingesting} icon={DatabaseZap} />
              {ingesting ? "Ingesting..." : "Ingest Examples"}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
