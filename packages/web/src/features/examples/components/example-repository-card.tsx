import {
  INGEST_MAX_ENTRIES,
  type ExampleRepoSettings,
  type IngestJob,
} from "@content-studio/contract";
import { DatabaseZap, FileArchive, FolderUp } from "lucide-react";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { TextField } from "../../../components/ui/field";
import { BusyIcon, LoadingText, Spinner } from "../../../components/ui/spinner";
import { useDraft } from "../../../hooks/use-draft";
import { ApiError, getFieldErrors } from "../../../lib/api-client";
import {
  useExampleRepoSettings,
  type ExampleRepoSettingsView,
} from "../api/get-example-repo-settings";
import { useStartIngest } from "../api/start-ingest";
import { useUpdateExampleRepoSettings } from "../api/update-example-repo-settings";
import { useUploadExamples } from "../api/upload-examples";
import { useIngestRun } from "../hooks/use-ingest-run";
import { IngestStatus } from "./ingest-status";
import { formatBytes, plural } from "./labels";
import { SourceSwitch } from "./source-switch";

/** The settings card's wording. */
const SETTINGS_INGEST_FAILED = "Failed to ingest examples.";
const DIRECTORY_CANCELLED = "Directory selection was cancelled or not supported.";

const FIELDS = [
  "repositorySource",
  "exampleRepoPath",
  "cloudRepoUrl",
  "s3Endpoint",
  "s3Region",
] as const;

/** The repository's location fields; a hint may depend on the server's saved settings. */
const LOCATION_FIELDS: {
  key: Exclude<(typeof FIELDS)[number], "repositorySource">;
  label: string;
  required?: boolean;
  maxLength: number;
  placeholder?: string;
  hint: string | ((saved: ExampleRepoSettingsView) => string);
}[] = [
  {
    key: "exampleRepoPath",
    label: "Local path",
    required: true,
    maxLength: 1000,
    hint: "A folder on the server, inside its examples root (e.g. ./examples).",
  },
  {
    key: "cloudRepoUrl",
    label: "Cloud URL",
    maxLength: 2000,
    placeholder: "s3://bucket/prefix/",
    hint: "s3://bucket/prefix, or an https:// URL of a .zip or .tar.gz archive.",
  },
  {
    key: "s3Endpoint",
    label: "S3 endpoint",
    maxLength: 500,
    placeholder: "https://s3.example.com",
    hint: "Leave empty for AWS; set it for S3-compatible storage.",
  },
  {
    key: "s3Region",
    label: "S3 region",
    required: true,
    maxLength: 50,
    hint: (saved) =>
      saved.s3CredentialsConfigured
        ? "S3 credentials are set in the server environment."
        : "No S3 credentials are set on the server, so s3:// sources cannot be read (https archive URLs can).",
  },
];

/** Whether this browser can pick a whole folder (`<input webkitdirectory>`). */
const supportsDirectoryPicker = () =>
  typeof HTMLInputElement !== "undefined" && "webkitdirectory" in HTMLInputElement.prototype;

const isMarkdown = (path: string) => /\.(md|markdown)$/i.test(path);
const isHidden = (path: string) => path.split("/").some((part) => part.startsWith("."));

/** 'Failed to ingest examples.' plus the server's reason when it gave one. */
function settingsIngestError(error: unknown): string {
  // 4xx reasons (already running, path outside the root, too large) and "no connection" help;
  // a 5xx message is generic and adds nothing.
  return error instanceof ApiError && error.status < 500
    ? `${SETTINGS_INGEST_FAILED} ${error.message}`
    : SETTINGS_INGEST_FAILED;
}

const failedJobText = (job: IngestJob) =>
  job.message ? `${SETTINGS_INGEST_FAILED} ${job.message}` : SETTINGS_INGEST_FAILED;

/**
 * Settings → Example Repository: source, local path, cloud URL and S3 location (stored on the
 * server; admins edit), the good/ bad/ structure hint, and ingest from the saved source or from
 * a folder or archive chosen in the browser (editors and admins).
 */
export function ExampleRepositoryCard() {
  const settings = useExampleRepoSettings();
  return (
    <Card
      title="Example Repository"
      description="Where the benchmark examples are ingested from. Stored on the server for everyone."
    >
      {settings.isPending ? (
        <LoadingText role="status">Loading settings...</LoadingText>
      ) : settings.isError ? (
        <Alert>{settings.error.message}</Alert>
      ) : (
        <RepositorySettings saved={settings.data} />
      )}
    </Card>
  );
}

const toSettings = (view: ExampleRepoSettingsView): ExampleRepoSettings => ({
  repositorySource: view.repositorySource,
  exampleRepoPath: view.exampleRepoPath,
  cloudRepoUrl: view.cloudRepoUrl,
  s3Endpoint: view.s3Endpoint,
  s3Region: view.s3Region,
});

function RepositorySettings({ saved }: { saved: ExampleRepoSettingsView }) {
  const canEdit = saved.can.edit;
  const canIngest = saved.can.ingest;
  const save = useUpdateExampleRepoSettings();
  const [savedNotice, setSavedNotice] = useState(false);
  const { draft, set, setDraft, text } = useDraft<ExampleRepoSettings>(
    () => toSettings(saved),
    () => setSavedNotice(false),
  );
  const errors = getFieldErrors(save.error);
  const hasFieldError = FIELDS.some((f) => errors[f]);
  /** Binds a text field to one of the settings, with the server's error for it. */
  const field = (key: Parameters<typeof text>[0]) => ({ ...text(key), error: errors[key] });
  const dirty = JSON.stringify(draft) !== JSON.stringify(toSettings(saved));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSavedNotice(false);
    save.mutate(draft, {
      onSuccess: (result) => {
        setDraft(toSettings(result));
        setSavedNotice(true);
      },
    });
  };

  return (
    <div className="space-y-6">
      <form onSubmit={onSubmit} aria-label="Example repository settings" className="space-y-5">
        <fieldset disabled={!canEdit} className="space-y-5">
          <legend className="sr-only">Repository location</legend>
          <div className="space-y-1.5">
            <span className="block text-sm font-medium text-slate-700">Default source</span>
            <SourceSwitch
              name="settings-repository-source"
              label="Default source"
              value={draft.repositorySource}
              onChange={(source) => set("repositorySource", source)}
              disabled={!canEdit}
            />
            <p className="text-xs text-slate-500">
              The Example Repository screen opens on this source.
            </p>
          </div>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {LOCATION_FIELDS.map(({ key, hint, ...props }) => (
              <TextField
                key={key}
                {...props}
                {...field(key)}
                hint={typeof hint === "string" ? hint : hint(saved)}
              />
            ))}
          </div>
        </fieldset>

        <StructureHint />

        {save.error && !hasFieldError ? <Alert>{save.error.message}</Alert> : null}
        {savedNotice ? <Alert tone="success">Example repository settings saved.</Alert> : null}
        {canEdit ? (
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={save.isPending || !dirty}>
              {save.isPending ? "Saving..." : "Save repository settings"}
            </Button>
            {dirty ? <span className="text-sm text-slate-500">Unsaved changes</span> : null}
          </div>
        ) : (
          <p className="text-sm text-slate-500">Only administrators can change these settings.</p>
        )}
      </form>

      {canIngest ? <IngestPanel saved={saved} dirty={dirty} /> : null}
    </div>
  );
}

function StructureHint() {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm font-medium text-slate-700">Expected structure</p>
      <p className="mt-1 text-xs text-slate-500">
        Markdown files in a <code className="font-mono">good/</code> and a{" "}
        <code className="font-mono">bad/</code> folder; the folder sets the category.
      </p>
      <pre
        aria-label="Folder structure: examples, with good and bad folders of markdown files"
        tabIndex={0}
        className="mt-3 overflow-x-auto font-mono text-xs leading-5 text-slate-700"
      >
        {`examples/
├── good/
│   ├── aerospace-vp-ecos-awareness.md
│   └── …
└── bad/
    ├── aerospace-vp-hard-sell-awareness.md
    └── …`}
      </pre>
    </div>
  );
}

function IngestPanel({ saved, dirty }: { saved: ExampleRepoSettingsView; dirty: boolean }) {
  const run = useIngestRun("settings", () => true);
  const startIngest = useStartIngest();
  const upload = useUploadExamples();
  const [pickError, setPickError] = useState<string | null>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);
  const zipButton = useRef<HTMLButtonElement>(null);
  const busy = startIngest.isPending || upload.isPending || run.isRunning;

  // Starting anything new clears the last result, so it cannot be mistaken for the new one.
  const resetMessages = () => {
    setPickError(null);
    startIngest.reset();
    upload.reset();
    run.dismiss();
  };

  // The 'cancel' event (closing the picker without choosing) is not one React listens for.
  useEffect(() => {
    const input = folderInput.current;
    if (!input) return;
    input.setAttribute("webkitdirectory", "");
    const onCancel = () => window.alert(DIRECTORY_CANCELLED);
    input.addEventListener("cancel", onCancel);
    return () => input.removeEventListener("cancel", onCancel);
  }, []);

  const chooseFolder = () => {
    resetMessages();
    if (!supportsDirectoryPicker()) {
      window.alert(DIRECTORY_CANCELLED);
      zipButton.current?.focus();
      return;
    }
    folderInput.current?.click();
  };

  const onFolderChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = Array.from(input.files ?? []);
    input.value = "";
    if (chosen.length === 0) {
      window.alert(DIRECTORY_CANCELLED);
      return;
    }
    const files = chosen
      .map((file) => ({ file, path: file.webkitRelativePath || file.name }))
      .filter(({ path }) => isMarkdown(path) && !isHidden(path));
    if (files.length === 0) {
      setPickError("The chosen folder holds no markdown (.md) files.");
      return;
    }
    if (files.length > INGEST_MAX_ENTRIES) {
      setPickError(
        `The chosen folder holds more than ${INGEST_MAX_ENTRIES.toLocaleString("en-US")} markdown files.`,
      );
      return;
    }
    upload.mutate({ files }, { onSuccess: run.begin });
  };

  const onArchiveChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    upload.mutate({ files: [{ file, path: file.name }] }, { onSuccess: run.begin });
  };

  const requestError = startIngest.error ?? upload.error;
  const startError = pickError ?? (requestError ? settingsIngestError(requestError) : null);

  return (
    <section aria-labelledby="example-repository-ingest" className="border-t border-slate-200 pt-5">
      <h3 id="example-repository-ingest" className="text-sm font-semibold text-slate-900">
        Ingest
      </h3>
      <p className="mt-1 text-sm text-slate-500">
        Read the saved {saved.repositorySource === "cloud" ? "cloud" : "local"} source now, or
        upload a folder or a .zip from this computer (listed under Local).
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button
          onClick={() => {
            resetMessages();
            startIngest.mutate({ source: saved.repositorySource }, { onSuccess: run.begin });
          }}
          disabled={busy || dirty}
          title={dirty ? "Save the settings first: ingest reads the saved source." : undefined}
        >
          <BusyIcon busy={startIngest.isPending || run.isRunning} icon={DatabaseZap} />
          {startIngest.isPending || run.isRunning ? "Ingesting..." : "Ingest Examples"}
        </Button>
        <Button variant="secondary" onClick={chooseFolder} disabled={busy}>
          <FolderUp className="size-4" aria-hidden="true" />
          {upload.isPending ? "Uploading..." : "Upload folder"}
        </Button>
        <button
          ref={zipButton}
          type="button"
          className={buttonClasses("secondary")}
          onClick={() => {
            resetMessages();
            zipInput.current?.click();
          }}
          disabled={busy}
        >
          <FileArchive className="size-4" aria-hidden="true" />
          Upload .zip
        </button>
        {dirty ? (
          <span className="text-sm text-slate-500">Save the settings before ingesting.</span>
        ) : null}
        <input
          ref={folderInput}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          aria-label="Example folder"
          onChange={onFolderChosen}
        />
        <input
          ref={zipInput}
          type="file"
          accept=".zip,.tar.gz,.tgz,application/zip,application/gzip"
          hidden
          tabIndex={-1}
          aria-label="Example archive"
          onChange={onArchiveChosen}
        />
      </div>
      {upload.isPending ? (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-lg border border-primary/30 bg-primary-soft px-4 py-3 text-sm text-slate-900"
        >
          <Spinner className="size-4" />
          Uploading {plural(upload.variables.files.length, "file")} (
          {formatBytes(upload.variables.files.reduce((sum, f) => sum + f.file.size, 0))})... The
          ingest starts once the upload is complete.
        </p>
      ) : null}
      <div className="mt-4">
        <IngestStatus run={run} startError={startError} failedMessage={failedJobText} canArchive />
      </div>
    </section>
  );
}
