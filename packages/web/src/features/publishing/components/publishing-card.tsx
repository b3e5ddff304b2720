import {
  PUBLISHING_TARGET_LABELS,
  PUBLISHING_TARGETS,
  type ConnectionSettingsInput,
  type PublishingConnection,
  type PublishingTarget,
} from "@content-studio/contract";
import { Pencil, PlugZap } from "lucide-react";
import { useState, type FormEvent } from "react";
import { AddButton } from "../../../components/ui/add-button";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useDeleteConfirmation } from "../../../components/ui/confirm-dialog";
import { Card } from "../../../components/ui/card";
import { FormDialog } from "../../../components/ui/dialog";
import { SelectField, TextField } from "../../../components/ui/field";
import { optionsOf, SelectOptions } from "../../../components/ui/options-field";
import { BusyIcon, LoadingText } from "../../../components/ui/spinner";
import { StatusBadge } from "../../../components/ui/status-badge";
import { TrashButton } from "../../../components/ui/trash-button";
import { useDraft } from "../../../hooks/use-draft";
import { getFieldErrors } from "../../../lib/api-client";
import { useCreatePublishingConnection } from "../api/create-publishing-connection";
import { useDeletePublishingConnection } from "../api/delete-publishing-connection";
import { usePublishingConnections } from "../api/get-publishing-connections";
import { useTestPublishingConnection } from "../api/test-publishing-connection";
import { useUpdatePublishingConnection } from "../api/update-publishing-connection";

const SECRET_LABEL: Record<PublishingTarget, string> = {
  wordpress: "Application password",
  hubspot: "Private-app token",
  webflow: "API token",
};

const DEFAULT_MEDIUM: Record<PublishingTarget, string> = {
  wordpress: "blog",
  hubspot: "blog",
  webflow: "blog",
};

/** What a connection's target settings say, in one line. */
function describeSettings(c: PublishingConnection): string {
  const s = c.settings;
  if (s.target === "wordpress") return `${s.siteUrl} · user ${s.username}`;
  if (s.target === "hubspot") {
    return s.contentKind === "marketing_email"
      ? "Marketing email drafts"
      : `Blog ${s.blogId}${s.authorId ? ` · author ${s.authorId}` : ""}`;
  }
  return `Collection ${s.collectionId}`;
}

/**
 * Settings > Publishing (admins): WordPress, HubSpot and Webflow connections that approved
 * content is sent to as drafts. Passwords and tokens are stored encrypted and never shown again.
 */
export function PublishingCard() {
  const connections = usePublishingConnections();
  const [editing, setEditing] = useState<PublishingConnection | "new" | null>(null);
  const deletion = useDeleteConfirmation(useDeletePublishingConnection(), {
    title: "Delete connection",
    describe: (connection: PublishingConnection) => (
      <p>
        Delete {connection.name} and its export records? Drafts already made at{" "}
        {PUBLISHING_TARGET_LABELS[connection.target]} stay there.
      </p>
    ),
  });
  return (
    <Card
      title="Publishing"
      description="Send approved content to WordPress, HubSpot or Webflow as a draft. Nothing is ever published from here."
      actions={<AddButton onClick={() => setEditing("new")}>Add connection</AddButton>}
    >
      {connections.isPending ? (
        <LoadingText>Loading connections...</LoadingText>
      ) : connections.isError ? (
        <Alert>{`Failed to load the connections. ${connections.error.message}`}</Alert>
      ) : connections.data.connections.length === 0 ? (
        <p className="text-sm text-slate-500">
          No connections yet. Add one to send approved content as drafts.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Publishing connections">
          {connections.data.connections.map((c) => (
            <ConnectionRow
              key={c.id}
              connection={c}
              onEdit={() => setEditing(c)}
              onDelete={() => deletion.ask(c)}
            />
          ))}
        </ul>
      )}
      {connections.data ? (
        <p className="mt-4 text-xs text-slate-500">
          A WordPress site on a private address or over http must be allow-listed under Webhooks
          {connections.data.allowedOrigins.length > 0
            ? ` (now: ${connections.data.allowedOrigins.join(", ")})`
            : ""}
          .
        </p>
      ) : null}
      {editing ? (
        <ConnectionDialog
          connection={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deletion.dialog}
    </Card>
  );
}

function ConnectionRow({
  connection,
  onEdit,
  onDelete,
}: {
  connection: PublishingConnection;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const test = useTestPublishingConnection();
  const last = connection.lastTest;
  return (
    <li className="py-3" aria-label={connection.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words text-slate-900">{connection.name}</p>
          <p className="text-sm break-all text-slate-600">{describeSettings(connection)}</p>
          <p className="mt-1 text-xs text-slate-500">
            {`utm_source=${connection.utm.source} · utm_medium=${connection.utm.medium}${connection.utm.campaign ? ` · utm_campaign=${connection.utm.campaign}` : ""}`}
          </p>
          {connection.fieldMapping ? (
            <p className="mt-1 text-xs text-slate-500">
              {`Fields: title → ${connection.fieldMapping.title}, body → ${connection.fieldMapping.body ?? "none"}${connection.fieldMapping.summary ? `, summary → ${connection.fieldMapping.summary}` : ""}`}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge tone="slate">{PUBLISHING_TARGET_LABELS[connection.target]}</StatusBadge>
          {last ? (
            <StatusBadge tone={last.ok ? "green" : "red"}>
              {last.ok ? "Connected" : "Test failed"}
            </StatusBadge>
          ) : (
            <StatusBadge tone="yellow">Not tested</StatusBadge>
          )}
        </div>
      </div>
      {last ? (
        <p
          role="status"
          className={last.ok ? "mt-2 text-sm text-slate-600" : "mt-2 text-sm text-red-700"}
        >
          {last.message}
        </p>
      ) : null}
      {test.error ? <Alert className="mt-2">{test.error.message}</Alert> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={test.isPending}
          onClick={() => test.mutate(connection.id)}
        >
          <BusyIcon busy={test.isPending} icon={PlugZap} />
          {test.isPending ? "Testing..." : "Test connection"}
        </Button>
        <Button size="sm" variant="secondary" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
        <TrashButton label={`Delete ${connection.name}`} onClick={onDelete} />
      </div>
    </li>
  );
}

interface FormState {
  target: PublishingTarget;
  name: string;
  secret: string;
  siteUrl: string;
  username: string;
  contentKind: "blog_post" | "marketing_email";
  blogId: string;
  authorId: string;
  collectionId: string;
  source: string;
  medium: string;
  campaign: string;
}

function initialState(c: PublishingConnection | null): FormState {
  const s = c?.settings;
  return {
    target: c?.target ?? "wordpress",
    name: c?.name ?? "",
    secret: "",
    siteUrl: s?.target === "wordpress" ? s.siteUrl : "",
    username: s?.target === "wordpress" ? s.username : "",
    contentKind: s?.target === "hubspot" ? s.contentKind : "blog_post",
    blogId: s?.target === "hubspot" ? s.blogId : "",
    authorId: s?.target === "hubspot" ? s.authorId : "",
    collectionId: s?.target === "webflow" ? s.collectionId : "",
    source: c?.utm.source ?? "content-studio",
    medium: c?.utm.medium ?? "blog",
    campaign: c?.utm.campaign ?? "",
  };
}

function settingsOf(f: FormState): ConnectionSettingsInput {
  if (f.target === "wordpress") {
    return { target: "wordpress", siteUrl: f.siteUrl, username: f.username };
  }
  if (f.target === "hubspot") {
    return {
      target: "hubspot",
      contentKind: f.contentKind,
      blogId: f.blogId,
      authorId: f.authorId,
    };
  }
  return { target: "webflow", collectionId: f.collectionId };
}

/** Adds a connection, or changes one (an empty password or token keeps the stored one). */
function ConnectionDialog({
  connection,
  onClose,
}: {
  connection: PublishingConnection | null;
  onClose: () => void;
}) {
  const create = useCreatePublishingConnection();
  const update = useUpdatePublishingConnection();
  const mutation = connection ? update : create;
  const { draft, setDraft, text } = useDraft<FormState>(() => initialState(connection));
  const fieldErrors = getFieldErrors(mutation.error);
  /** Binds a text control to the draft's `key`, with the error the server gives at `path`. */
  const field = (key: Parameters<typeof text>[0], path: string = key) => ({
    ...text(key),
    error: fieldErrors[path],
  });
  /** Binds a text control to one of the target's settings. */
  const setting = (key: Parameters<typeof text>[0]) => field(key, `settings.${key}`);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const utm = { source: draft.source, medium: draft.medium, campaign: draft.campaign };
    if (connection) {
      update.mutate(
        {
          id: connection.id,
          patch: { name: draft.name, settings: settingsOf(draft), utm, secret: draft.secret },
        },
        { onSuccess: onClose },
      );
    } else {
      create.mutate(
        { name: draft.name, settings: settingsOf(draft), secret: draft.secret, utm },
        { onSuccess: onClose },
      );
    }
  };
  return (
    <FormDialog
      title={connection ? `Edit ${connection.name}` : "Add publishing connection"}
      onClose={onClose}
      formLabel={connection ? "Edit connection" : "Add connection"}
      submitLabel={connection ? "Save connection" : "Add connection"}
      mutation={mutation}
      onSubmit={onSubmit}
    >
      <SelectField
        label="Target"
        value={draft.target}
        disabled={connection !== null}
        onChange={(e) => {
          const target = e.target.value as PublishingTarget;
          setDraft((f) => ({ ...f, target, medium: DEFAULT_MEDIUM[target] }));
        }}
      >
        <SelectOptions options={optionsOf(PUBLISHING_TARGETS, PUBLISHING_TARGET_LABELS)} />
      </SelectField>
      <TextField label="Name" {...field("name")} placeholder="Company blog" required />
      {draft.target === "wordpress" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Site URL"
            {...setting("siteUrl")}
            placeholder="https://blog.example.com"
            required
          />
          <TextField label="WordPress user" {...setting("username")} autoComplete="off" required />
        </div>
      ) : draft.target === "hubspot" ? (
        <>
          <SelectField
            label="Make"
            value={draft.contentKind}
            onChange={(e) => {
              const kind = e.target.value as FormState["contentKind"];
              setDraft((f) => ({
                ...f,
                contentKind: kind,
                medium: kind === "marketing_email" ? "email" : "blog",
              }));
            }}
          >
            <option value="blog_post">Blog post drafts</option>
            <option value="marketing_email">Marketing email drafts</option>
          </SelectField>
          {draft.contentKind === "blog_post" ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Blog id" {...setting("blogId")} inputMode="numeric" required />
              <TextField
                label="Author id (optional)"
                {...setting("authorId")}
                inputMode="numeric"
              />
            </div>
          ) : null}
        </>
      ) : (
        <TextField
          label="Collection id"
          {...setting("collectionId")}
          hint="The fields are read from the collection when you test the connection."
          required
        />
      )}
      <TextField
        label={SECRET_LABEL[draft.target]}
        type="password"
        autoComplete="new-password"
        {...field("secret")}
        hint={
          connection
            ? "Leave empty to keep the stored one. It is stored encrypted and never shown again."
            : "Stored encrypted; never shown again."
        }
        required={connection === null}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Link tracking (UTM)</legend>
        <div className="mt-2 grid gap-4 sm:grid-cols-3">
          <TextField label="utm_source" {...field("source", "utm.source")} />
          <TextField label="utm_medium" {...field("medium", "utm.medium")} />
          <TextField
            label="utm_campaign"
            {...field("campaign", "utm.campaign")}
            hint="A kit's campaign wins."
          />
        </div>
      </fieldset>
    </FormDialog>
  );
}
