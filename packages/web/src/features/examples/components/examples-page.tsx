import {
  CLOUD_SOURCE_NEEDS,
  type CloudSourceProblem,
  type RepositorySource,
} from "@content-studio/contract";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { LoadingText } from "../../../components/ui/spinner";
import { DeleteExampleDialog } from "./delete-example-dialog";
import { ExampleFormDialog } from "./example-form-dialog";
import { ExampleViewDialog } from "./example-view-dialog";
import { ExamplesFilters } from "./examples-filters";
import { ExamplesHeader } from "./examples-header";
import { ExamplesResults } from "./examples-results";
import { IngestStatus } from "./ingest-status";
import { failedJobMessage, ingestErrorMessage } from "./labels";
import type { ExampleReferenceOptions } from "./reference-options";
import { useExamplesScreen, useExamplesSource } from "./use-examples-screen";

type ExamplesPageProps = ExampleReferenceOptions;

/**
 * /examples: the source comes from `?source=cloud|local` (the dashboard's #examples and
 * #examples-local), else from the saved repository setting while it can be read, else Local
 * (where the sample examples are).
 */
export function ExamplesPage(props: ExamplesPageProps) {
  const { source, changeSource, cloudProblem } = useExamplesSource();

  if (!source) {
    return (
      <>
        <PageHeader title="Example Repository" />
        <LoadingText role="status">Loading examples...</LoadingText>
      </>
    );
  }
  return (
    <ExamplesScreen
      {...props}
      source={source}
      onSourceChange={changeSource}
      cloudProblem={cloudProblem}
    />
  );
}

function ExamplesScreen({
  personas,
  industries,
  buyingStages,
  source,
  onSourceChange,
  cloudProblem,
}: ExamplesPageProps & {
  /** Why Cloud cannot be read yet (null when it can, or while the settings are unknown). */
  cloudProblem: CloudSourceProblem | null;
  source: RepositorySource;
  onSourceChange: (source: RepositorySource) => void;
}) {
  const screen = useExamplesScreen({ source, onSourceChange, cloudProblem });
  const { can, dialog, exportError } = screen;

  return (
    <>
      <ExamplesHeader
        source={source}
        onSourceChange={screen.changeSource}
        canCreate={can.create}
        onNew={() => screen.openDialog({ kind: "new" })}
        canIngest={can.ingest}
        onIngest={screen.ingest}
        ingesting={screen.ingesting}
        cloudBlocked={screen.cloudBlocked}
        cloudNeedsId={screen.cloudNeedsId}
      />

      <div className="space-y-6">
        {screen.cloudBlocked && cloudProblem ? (
          <Alert tone="info" id={screen.cloudNeedsId}>
            {CLOUD_SOURCE_NEEDS[cloudProblem].full}
          </Alert>
        ) : null}
        <IngestStatus
          run={screen.run}
          startError={
            screen.startIngest.error ? ingestErrorMessage(screen.startIngest.error) : null
          }
          failedMessage={failedJobMessage}
          canArchive={can.archive}
        />
        {screen.notice ? <Alert tone="success">{screen.notice}</Alert> : null}
        {exportError && dialog?.kind !== "view" ? <Alert>{exportError}</Alert> : null}

        <ExamplesFilters {...screen.filterPanel} personas={personas} industries={industries} />

        <ExamplesResults {...screen.results} />
      </div>

      {dialog?.kind === "view" ? (
        <ExampleViewDialog
          id={dialog.example.id}
          title={dialog.example.title}
          onClose={() => screen.setDialog(null)}
          onExport={() => screen.onExport(dialog.example)}
          exporting={screen.exportingId === dialog.example.id}
          exportError={exportError}
        />
      ) : null}
      {dialog?.kind === "new" || dialog?.kind === "edit" ? (
        <ExampleFormDialog
          editId={dialog.kind === "edit" ? dialog.example.id : undefined}
          personas={personas}
          industries={industries}
          buyingStages={buyingStages}
          onClose={() => screen.setDialog(null)}
          onSaved={screen.onSaved}
        />
      ) : null}
      {dialog?.kind === "delete" ? (
        <DeleteExampleDialog
          example={dialog.example}
          onClose={() => screen.setDialog(null)}
          onDeleted={screen.onDeleted}
        />
      ) : null}
    </>
  );
}
