import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from "@content-studio/contract";
import { RotateCcw } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { LoadingText } from "../../../components/ui/spinner";
import { StatusBadge, type StatusTone } from "../../../components/ui/status-badge";
import { useWebhookDeliveries } from "../api/get-webhook-deliveries";
import { useReplayWebhookDelivery } from "../api/replay-webhook-delivery";

const TONES: Record<WebhookDelivery["status"], StatusTone> = {
  pending: "blue",
  succeeded: "green",
  failed: "red",
};

/** An endpoint's latest deliveries, each attempt with its status, timing and bodies; replay. */
export function WebhookDeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const replay = useReplayWebhookDelivery();
  return (
    <Dialog title="Delivery log" onClose={onClose} closeLabel="Close">
      <p className="mb-3 text-sm break-all text-slate-600">{endpoint.url}</p>
      {replay.error ? <Alert className="mb-3">{replay.error.message}</Alert> : null}
      {deliveries.isPending ? (
        <LoadingText>Loading deliveries...</LoadingText>
      ) : deliveries.isError ? (
        <Alert>{`Failed to load the delivery log. ${deliveries.error.message}`}</Alert>
      ) : deliveries.data.deliveries.length === 0 ? (
        <p className="text-sm text-slate-500">Nothing sent yet.</p>
      ) : (
        <ol className="space-y-3" aria-label="Deliveries">
          {deliveries.data.deliveries.map((d) => (
            <li key={d.id} className="rounded-md border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900">{d.eventType}</p>
                  <p className="text-xs break-all text-slate-500">
                    {d.messageId} · {new Date(d.createdAt).toLocaleString()}
                  </p>
                </div>
                <div className="flex items-center gap-2">
                  <StatusBadge tone={TONES[d.status]}>{d.status}</StatusBadge>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={!endpoint.enabled || replay.isPending}
                    onClick={() => replay.mutate({ id: endpoint.id, deliveryId: d.id })}
                  >
                    <RotateCcw className="size-4" aria-hidden="true" />
                    Replay
                  </Button>
                </div>
              </div>
              {d.nextAttemptAt ? (
                <p className="mt-1 text-xs text-slate-500">
                  Next attempt {new Date(d.nextAttemptAt).toLocaleString()}
                </p>
              ) : null}
              <ul className="mt-2 space-y-2">
                {d.attempts.map((a) => (
                  <AttemptRow key={a.id} attempt={a} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}

function AttemptRow({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <li className="text-sm">
      <details>
        <summary className="cursor-pointer text-slate-700">
          <span className="font-medium">Attempt {attempt.attempt}</span>
          {attempt.manual ? " (replay)" : ""} ·{" "}
          <span className={attempt.ok ? "text-green-700" : "text-red-700"}>
            {attempt.statusCode ?? "no answer"}
          </span>{" "}
          · {attempt.durationMs} ms · {new Date(attempt.startedAt).toLocaleTimeString()}
          {attempt.error && !attempt.ok ? ` · ${attempt.error}` : ""}
        </summary>
        <div className="mt-2 grid gap-2 md:grid-cols-2">
          <Body label="Request body" text={attempt.requestBody} />
          <Body label="Response body" text={attempt.responseBody ?? ""} />
        </div>
      </details>
    </li>
  );
}

function Body({ label, text }: { label: string; text: string }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <pre className="mt-1 max-h-40 overflow-auto rounded bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap text-slate-700">
        {text || "(empty)"}
      </pre>
    </div>
  );
}
