import type { ExampleDetail } from "@content-studio/contract";
import { Download } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { BusyIcon, LoadingText } from "../../../components/ui/spinner";
import { sanitizeHtml } from "../../../lib/sanitize-html";
import { useExample } from "../api/get-example";
import { CategoryBadge, TagChip } from "./category-badge";
import { contentTypeText, exampleDetailErrorMessage } from "./labels";
import { stageLabel } from "./reference-options";
import { RichText } from "./rich-text";

interface ExampleViewDialogProps {
  id: string;
  /** The title from the list, shown while the detail loads. */
  title: string;
  onClose: () => void;
  onExport: () => void;
  exporting: boolean;
  /** Why the last export failed, shown inside the dialog. */
  exportError?: string | null;
}

/** The View modal: every field of the example, and Close. */
export function ExampleViewDialog({
  id,
  title,
  onClose,
  onExport,
  exporting,
  exportError,
}: ExampleViewDialogProps) {
  const example = useExample(id);
  return (
    <Dialog
      title={example.data?.title ?? title}
      onClose={onClose}
      size="xl"
      footer={
        <>
          <Button variant="secondary" onClick={onExport} aria-disabled={exporting || undefined}>
            <BusyIcon busy={exporting} icon={Download} />
            Export
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      {exportError ? <Alert className="mb-4">{exportError}</Alert> : null}
      {example.isPending ? (
        <LoadingText role="status">Loading example...</LoadingText>
      ) : example.isError ? (
        <Alert>{exampleDetailErrorMessage(example.error)}</Alert>
      ) : (
        <ExampleDetailView example={example.data} />
      )}
    </Dialog>
  );
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{title}</h3>
      <div className="mt-2 text-sm leading-relaxed text-slate-800">{children}</div>
    </section>
  );
}

function ExampleDetailView({ example }: { example: ExampleDetail }) {
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-3">
        <Meta label="Category">
          <CategoryBadge category={example.category} />
        </Meta>
        <Meta label="Content Type">
          <span className="capitalize">{contentTypeText(example.contentType)}</span>
        </Meta>
        <Meta label="Target Persona">{example.persona}</Meta>
        <Meta label="Industry">{example.industry ?? "N/A"}</Meta>
        <Meta label="Buying Stage">
          {example.buyingStage ? stageLabel(example.buyingStage) : "N/A"}
        </Meta>
        <Meta label="Tags">
          {example.tags.length > 0 ? (
            <span className="flex flex-wrap gap-1">
              {example.tags.map((tag) => (
                <TagChip key={tag}>{tag}</TagChip>
              ))}
            </span>
          ) : (
            "None"
          )}
        </Meta>
      </dl>
      <Section title="Headline">
        <p className="text-base font-semibold text-slate-900">{example.headline}</p>
      </Section>
      <Section title="Introduction">
        <p className="whitespace-pre-line">{example.introduction}</p>
      </Section>
      <Section title="Body">
        <RichText html={sanitizeHtml(example.bodyHtml)} />
      </Section>
      <Section title="Conclusion">
        <p className="whitespace-pre-line">{example.conclusion}</p>
      </Section>
      <Section title="Notes">
        {example.notes ? (
          <p className="whitespace-pre-line">{example.notes}</p>
        ) : (
          <p className="text-slate-500">No notes.</p>
        )}
      </Section>
    </div>
  );
}
