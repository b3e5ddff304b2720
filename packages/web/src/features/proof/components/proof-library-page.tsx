import { Plus } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { FactCard } from "./fact-card";
import { FactFilters } from "./fact-filters";
import { FactFormDialog, type SubjectOption } from "./fact-form-dialog";
import { useProofLibraryScreen } from "./use-proof-library-screen";

export { formatFigure } from "./format-figure";

interface ProofLibraryPageProps {
  solutions: SubjectOption[];
  industries: SubjectOption[];
}

/**
 * The Proof Library: the approved facts generated copy may state. Every role reads; editors
 * propose and edit proposals; admins approve, expire and retire. Expiring or retiring a fact
 * lists every stored content item whose claims rely on it.
 */
export function ProofLibraryPage({ solutions, industries }: ProofLibraryPageProps) {
  const screen = useProofLibraryScreen();
  const { facts, change, changed, editing } = screen;

  return (
    <div>
      <PageHeader
        title="Proof Library"
        description="Approved facts that claims in generated content are bound to."
        actions={
          facts.data?.can.propose ? (
            <Button onClick={() => screen.setEditing("new")}>
              <Plus aria-hidden="true" className="size-4" />
              Add fact
            </Button>
          ) : null
        }
      />

      <FactFilters
        q={screen.q}
        onQChange={screen.setQ}
        status={screen.status}
        onStatusChange={screen.setStatus}
      />

      {change.error ? <Alert className="mb-4">{change.error.message}</Alert> : null}

      {facts.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner /> Loading facts...
        </p>
      ) : facts.isError ? (
        <Alert>{facts.error.message}</Alert>
      ) : facts.data.facts.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <p className="font-medium text-slate-900">No facts found</p>
          <p className="mt-1 text-sm text-slate-500">
            {screen.q || screen.status
              ? "Try another search or status."
              : "Add the evidence your content may cite."}
          </p>
        </div>
      ) : (
        <ul aria-label="Facts" className="space-y-3">
          {facts.data.facts.map((fact) => (
            <FactCard
              key={fact.id}
              fact={fact}
              changing={change.isPending}
              onAction={(action) => screen.run(fact, action)}
              onEdit={() => screen.setEditing(fact)}
              changed={changed?.result.fact.id === fact.id ? changed : null}
              onCloseChanged={() => screen.setChanged(null)}
              showUsages={screen.usagesOf === fact.id}
              onShowUsages={() => screen.setUsagesOf(fact.id)}
              onCloseUsages={() => screen.setUsagesOf(null)}
            />
          ))}
        </ul>
      )}

      {editing ? (
        <FactFormDialog
          fact={editing === "new" ? undefined : editing}
          solutions={solutions}
          industries={industries}
          onClose={() => screen.setEditing(null)}
        />
      ) : null}
    </div>
  );
}
