import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_ROTATION_OVERLAP_HOURS,
  type WebhookEndpoint,
  type WebhookEventType,
} from "@content-studio/contract";
import { History, RefreshCw, Send, type LucideIcon } from "lucide-react";
import { useState, type ComponentProps, type FormEvent } from "react";
import { AddButton } from "../../../components/ui/add-button";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField, withItem } from "../../../components/ui/checkbox-field";
import { useDeleteConfirmation } from "../../../components/ui/confirm-dialog";
import { Card } from "../../../components/ui/card";
import { CopyField } from "../../../components/ui/copy-field";
import { Dialog, FormDialog } from "../../../components/ui/dialog";
import { TextAreaField, TextField } from "../../../components/ui/field";
import { LoadingText } from "../../../components/ui/spinner";
import { StatusBadge } from "../../../components/ui/status-badge";
import { TrashButton } from "../../../components/ui/trash-button";
import { useDraft } from "../../../hooks/use-draft";
import { getFieldErrors } from "../../../lib/api-client";
import { useCreateWebhook } from "../api/create-webhook";
import { useDeleteWebhook } from "../api/delete-webhook";
import { useWebhooks } from "../api/get-webhooks";
import { useRotateWebhookSecret } from "../api/rotate-webhook-secret";
import { useSaveWebhookAllowList } from "../api/save-webhook-allow-list";
import { useSendWebhookTest } from "../api/send-webhook-test";
import { useUpdateWebhook } from "../api/update-webhook";
import { WebhookDeliveriesDialog } from "./webhook-deliveries-dialog";

type Shown = { title: string; secret: string } | null;

/**
 * Settings > Webhooks (admins): endpoints that receive signed events, each with its delivery
 * log; a secret is shown once, when the endpoint is added or its secret rotated.
 */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<Shown>(null);
  const deletion = useDeleteConfirmation(useDeleteWebhook(), {
    title: "Delete endpoint",
    describe: (endpoint: WebhookEndpoint) => (
      <p>Delete {endpoint.url} and its delivery log? Messages waiting for a retry are not sent.</p>
    ),
  });
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);

  return (
    <Card
      title="Webhooks"
      description="Signed messages (Standard Webhooks) to your systems when content moves through review, facts expire, intent surges or a kit completes."
      actions={<AddButton onClick={() => setAdding(true)}>Add endpoint</AddButton>}
    >
      {webhooks.isPending ? (
        <LoadingText>Loading webhooks...</LoadingText>
      ) : webhooks.isError ? (
        <Alert>{`Failed to load the webhooks. ${webhooks.error.message}`}</Alert>
      ) : (
        <>
          {webhooks.data.endpoints.length === 0 ? (
            <p className="text-sm text-slate-500">No endpoints yet. Add one to receive events.</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Webhook endpoints">
              {webhooks.data.endpoints.map((e) => (
                <EndpointRow
                  key={e.id}
                  endpoint={e}
                  onSecret={setShown}
                  onDelete={() => deletion.ask(e)}
                  onLog={() => setLogOf(e)}
                />
              ))}
            </ul>
          )}
          <AllowList origins={webhooks.data.allowedOrigins} />
        </>
      )}

      {adding ? (
        <AddEndpointDialog
          onClose={() => setAdding(false)}
          onCreated={(secret) => {
            setAdding(false);
            setShown({ title: "Endpoint added", secret });
          }}
        />
      ) : null}
      {shown ? <SecretDialog shown={shown} onClose={() => setShown(null)} /> : null}
      {deletion.dialog}
      {logOf ? <WebhookDeliveriesDialog endpoint={logOf} onClose={() => setLogOf(null)} /> : null}
    </Card>
  );
}

function EndpointRow({
  endpoint,
  onSecret,
  onDelete,
  onLog,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (shown: Shown) => void;
  onDelete: () => void;
  onLog: () => void;
}) {
  const update = useUpdateWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useSendWebhookTest();
  const error = update.error ?? rotate.error ?? test.error;
  return (
    <li className="py-3" aria-label={endpoint.url}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-all text-slate-900">{endpoint.url}</p>
          {endpoint.description ? (
            <p className="text-sm break-words text-slate-600">{endpoint.description}</p>
          ) : null}
          <p className="mt-1 text-xs text-slate-500">
            {endpoint.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(" · ")}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge tone={endpoint.enabled ? "green" : "slate"}>
            {endpoint.enabled ? "On" : "Off"}
          </StatusBadge>
          {endpoint.lastDelivery ? (
            <StatusBadge
              tone={
                endpoint.lastDelivery.status === "succeeded"
                  ? "green"
                  : endpoint.lastDelivery.status === "failed"
                    ? "red"
                    : "blue"
              }
            >
              {`Last: ${endpoint.lastDelivery.status}`}
            </StatusBadge>
          ) : null}
        </div>
      </div>
      {endpoint.disabledReason ? (
        <Alert className="mt-2">{`Switched off: ${endpoint.disabledReason}`}</Alert>
      ) : null}
      {endpoint.previousSecretUntil ? (
        <p className="mt-1 text-xs text-slate-500">
          The previous secret also signs until{" "}
          {new Date(endpoint.previousSecretUntil).toLocaleString()}.
        </p>
      ) : null}
      {error ? <Alert className="mt-2">{error.message}</Alert> : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <EndpointButton icon={History} onClick={onLog}>
          Delivery log
        </EndpointButton>
        <EndpointButton
          icon={Send}
          disabled={!endpoint.enabled || test.isPending}
          onClick={() => test.mutate(endpoint.id, { onSuccess: onLog })}
        >
          {test.isPending ? "Sending..." : "Send test event"}
        </EndpointButton>
        <EndpointButton
          icon={RefreshCw}
          disabled={rotate.isPending}
          onClick={() =>
            rotate.mutate(endpoint.id, {
              onSuccess: (r) => onSecret({ title: "Secret rotated", secret: r.secret }),
            })
          }
        >
          Rotate secret
        </EndpointButton>
        <EndpointButton
          disabled={update.isPending}
          onClick={() => update.mutate({ id: endpoint.id, patch: { enabled: !endpoint.enabled } })}
        >
          {endpoint.enabled ? "Switch off" : "Switch on"}
        </EndpointButton>
        <TrashButton label={`Delete ${endpoint.url}`} onClick={onDelete} />
      </div>
    </li>
  );
}

/** One of an endpoint's small actions, with its icon before the words. */
function EndpointButton({
  icon: Icon,
  children,
  ...props
}: ComponentProps<typeof Button> & { icon?: LucideIcon }) {
  return (
    <Button size="sm" variant="secondary" {...props}>
      {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
      {children}
    </Button>
  );
}

function AddEndpointDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const create = useCreateWebhook();
  const { draft, text } = useDraft({ url: "", description: "" });
  const [events, setEvents] = useState<WebhookEventType[]>(["content.approved"]);
  const fieldErrors = getFieldErrors(create.error);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ ...draft, events }, { onSuccess: (r) => onCreated(r.secret) });
  };
  return (
    <FormDialog
      title="Add webhook endpoint"
      onClose={onClose}
      formLabel="Add endpoint"
      submitLabel="Add endpoint"
      busyLabel="Adding..."
      mutation={create}
      onSubmit={onSubmit}
    >
      <TextField
        label="URL"
        {...text("url")}
        placeholder="https://hooks.example.com/content-studio"
        error={fieldErrors["url"]}
        required
      />
      <TextAreaField
        label="Description"
        {...text("description")}
        rows={2}
        error={fieldErrors["description"]}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">Events</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((e) => (
            <CheckboxField
              key={e}
              checked={events.includes(e)}
              onChange={(on) => setEvents((now) => withItem(now, e, on))}
            >
              <span>{WEBHOOK_EVENT_LABELS[e]}</span>
            </CheckboxField>
          ))}
        </div>
        {fieldErrors["events"] ? (
          <p className="mt-1 text-sm text-red-600">{fieldErrors["events"]}</p>
        ) : null}
      </fieldset>
    </FormDialog>
  );
}

function SecretDialog({ shown, onClose }: { shown: NonNullable<Shown>; onClose: () => void }) {
  return (
    <Dialog title={shown.title} size="md" onClose={onClose} closeLabel="Done">
      <div className="space-y-3">
        <Alert tone="success">
          Copy the signing secret now: it is shown only once. After a rotation the previous secret
          keeps signing for {WEBHOOK_ROTATION_OVERLAP_HOURS} hours.
        </Alert>
        <CopyField label="Signing secret" value={shown.secret} copyLabel="Copy secret" />
      </div>
    </Dialog>
  );
}

/** The origins endpoints may use over http or on private addresses, one a line. */
function AllowList({ origins }: { origins: string[] }) {
  const save = useSaveWebhookAllowList();
  const [text, setText] = useState(origins.join("\n"));
  const fieldErrors = getFieldErrors(save.error);
  const list = text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const dirty = list.join("\n") !== origins.join("\n");
  return (
    <div className="mt-6 border-t border-slate-100 pt-4">
      <TextAreaField
        label="Allow-listed origins"
        hint="One origin a line (e.g. http://hooks.internal:8080). Only these may use http or a private or loopback address; everything else must be public https."
        value={text}
        rows={2}
        onChange={(e) => setText(e.target.value)}
        error={Object.values(fieldErrors)[0]}
      />
      {save.error && Object.keys(fieldErrors).length === 0 ? (
        <Alert className="mt-2">{save.error.message}</Alert>
      ) : null}
      <Button
        className="mt-2"
        size="sm"
        variant="secondary"
        disabled={!dirty || save.isPending}
        onClick={() => save.mutate({ allowedOrigins: list })}
      >
        {save.isPending ? "Saving..." : "Save allow-list"}
      </Button>
    </div>
  );
}
