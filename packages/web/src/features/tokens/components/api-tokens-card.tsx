import {
  TOKEN_EXPIRY_DAYS,
  TOKEN_LIMITS,
  TOKEN_SCOPE_LABELS,
  type ApiToken,
  type CreatedApiToken,
  type TokenKind,
  type TokenScope,
} from "@content-studio/contract";
import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CheckboxField, withItem } from "../../../components/ui/checkbox-field";
import { MutationConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Card } from "../../../components/ui/card";
import { DataTable } from "../../../components/ui/data-table";
import { CopyField } from "../../../components/ui/copy-field";
import { Dialog, FormDialogFooter } from "../../../components/ui/dialog";
import { SelectOptions } from "../../../components/ui/options-field";
import { RadioGroup } from "../../../components/ui/radio-group";
import { SelectField, TextField } from "../../../components/ui/field";
import { StatusBadge } from "../../../components/ui/status-badge";
import { TrashButton } from "../../../components/ui/trash-button";
import { getFieldErrors } from "../../../lib/api-client";
import { formText } from "../../../lib/form";
import { useCreateToken } from "../api/create-token";
import { useTokens } from "../api/get-tokens";
import { useRevokeToken } from "../api/revoke-token";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });
const timeFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * Settings > Your account > API tokens: tokens for scripts and integrations, each acting as
 * its owner within the scopes chosen here. Admins also see and make service tokens.
 */
export function ApiTokensCard() {
  const tokens = useTokens();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const list = tokens.data?.tokens ?? [];

  return (
    <Card
      title="API tokens"
      description={
        <>
          Let scripts and integrations call the API as you, only within the scopes you choose. Send
          a token as <code className="text-xs whitespace-nowrap">Authorization: Bearer …</code>; the
          API is described at{" "}
          <a className="text-primary underline" href="/api/docs" target="_blank" rel="noreferrer">
            /api/docs
          </a>
          .
        </>
      }
      actions={
        <Button size="sm" onClick={() => setCreating(true)} disabled={!tokens.data}>
          New token
        </Button>
      }
    >
      {tokens.error ? <Alert>{tokens.error.message}</Alert> : null}
      {tokens.isPending ? <p className="text-sm text-slate-500">Loading tokens...</p> : null}
      {tokens.data && list.length === 0 ? (
        <p className="text-sm text-slate-500">No tokens yet.</p>
      ) : null}
      {list.length > 0 ? <TokenTable tokens={list} onRevoke={setRevoking} /> : null}
      {creating && tokens.data ? (
        <CreateTokenDialog
          grantable={tokens.data.grantableScopes}
          canCreateService={tokens.data.canCreateService}
          onClose={() => setCreating(false)}
        />
      ) : null}
      {revoking ? <RevokeTokenDialog token={revoking} onClose={() => setRevoking(null)} /> : null}
    </Card>
  );
}

function TokenTable({
  tokens,
  onRevoke,
}: {
  tokens: ApiToken[];
  onRevoke: (token: ApiToken) => void;
}) {
  const wide = "hidden sm:table-cell";
  // Below 640 px the scopes and dates move under the name, so nothing scrolls.
  return (
    <DataTable
      caption="API tokens"
      rows={tokens}
      rowClassName="align-top"
      columns={[
        { header: "Token", cellClassName: "min-w-40", cell: (t) => <TokenCell token={t} /> },
        {
          header: "Scopes",
          className: wide,
          cellClassName: "text-slate-600",
          cell: (t) => (
            <span className="flex flex-wrap gap-1">
              {t.scopes.map((scope) => (
                <code
                  key={scope}
                  className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700"
                >
                  {scope}
                </code>
              ))}
            </span>
          ),
        },
        {
          header: "Expires",
          className: wide,
          cellClassName: "whitespace-nowrap text-slate-600",
          cell: (t) => dateFormat.format(new Date(t.expiresAt)),
        },
        {
          header: "Last used",
          className: wide,
          cellClassName: "whitespace-nowrap text-slate-600",
          cell: lastUsedText,
        },
        {
          header: "Actions",
          hideHeader: true,
          align: "right",
          cellPadding: "px-6 py-1 compact:px-4",
          cellClassName: "whitespace-nowrap",
          cell: (t) =>
            t.can.revoke ? (
              <TrashButton label={`Revoke ${t.name}`} onClick={() => onRevoke(t)} />
            ) : null,
        },
      ]}
    />
  );
}

/** The token's name, prefix and owner, and on narrow screens the columns hidden there. */
function TokenCell({ token: t }: { token: ApiToken }) {
  return (
    <>
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium break-words text-slate-900">{t.name}</span>
        {t.kind === "service" ? <StatusBadge tone="purple">Service</StatusBadge> : null}
        {t.expired ? <StatusBadge tone="red">Expired</StatusBadge> : null}
      </span>
      <span className="block font-mono text-xs text-slate-500">{t.prefix}…</span>
      {t.kind === "service" ? (
        <span className="block text-xs text-slate-500">Owner: {t.ownerLabel}</span>
      ) : null}
      <span className="mt-1 block text-xs text-slate-500 sm:hidden">
        {t.scopes.join(", ")} · expires {dateFormat.format(new Date(t.expiresAt))} ·{" "}
        {lastUsedText(t)}
      </span>
    </>
  );
}

const lastUsedText = (t: ApiToken) =>
  t.lastUsedAt ? `last used ${timeFormat.format(new Date(t.lastUsedAt))}` : "never used";

function CreateTokenDialog({
  grantable,
  canCreateService,
  onClose,
}: {
  grantable: TokenScope[];
  canCreateService: boolean;
  onClose: () => void;
}) {
  const create = useCreateToken();
  const fields = getFieldErrors(create.error);
  const [scopes, setScopes] = useState<TokenScope[]>(["library:read"]);
  const [kind, setKind] = useState<TokenKind>("personal");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    create.mutate({
      name: formText(form, "name"),
      kind,
      scopes,
      // The select offers only these days.
      expiresInDays:
        TOKEN_EXPIRY_DAYS.find((days) => String(days) === formText(form, "expires")) ?? 30,
    });
  };

  return (
    <Dialog
      title={create.data ? "Copy your new token" : "New API token"}
      onClose={onClose}
      size="md"
      footer={
        create.data ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <FormDialogFooter
            form="create-token"
            label="Create token"
            busyLabel="Creating..."
            busy={create.isPending}
            disabled={scopes.length === 0}
            onCancel={onClose}
          />
        )
      }
    >
      {create.data ? (
        <CreatedToken created={create.data} />
      ) : (
        <form id="create-token" onSubmit={onSubmit} className="space-y-4" aria-label="New token">
          <TextField
            label="Name"
            name="name"
            autoComplete="off"
            maxLength={TOKEN_LIMITS.nameChars}
            hint="What uses it, e.g. “CMS sync”."
            error={fields.name}
            required
          />
          {canCreateService ? (
            <RadioGroup
              legend="Kind"
              name="kind"
              value={kind}
              onChange={setKind}
              options={[
                { value: "personal", label: "Personal: yours alone" },
                {
                  value: "service",
                  label: "Service: for an integration; every admin sees and can revoke it",
                },
              ]}
            />
          ) : null}
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">Scopes</legend>
            {grantable.map((scope) => (
              <CheckboxField
                key={scope}
                name="scopes"
                value={scope}
                checked={scopes.includes(scope)}
                onChange={(on) => setScopes((current) => withItem(current, scope, on))}
              >
                <span>
                  <code className="text-xs font-semibold">{scope}</code>{" "}
                  <span className="text-slate-500">{TOKEN_SCOPE_LABELS[scope]}</span>
                </span>
              </CheckboxField>
            ))}
            {fields.scopes ? <p className="text-sm text-red-600">{fields.scopes}</p> : null}
          </fieldset>
          <SelectField label="Expires after" name="expires" defaultValue="30">
            <SelectOptions
              options={TOKEN_EXPIRY_DAYS.map((days) => ({ value: days, label: `${days} days` }))}
            />
          </SelectField>
          {create.error && !fields.name && !fields.scopes ? (
            <Alert>{create.error.message}</Alert>
          ) : null}
        </form>
      )}
    </Dialog>
  );
}

function CreatedToken({ created }: { created: CreatedApiToken }) {
  return (
    <div className="space-y-3">
      <Alert tone="success">
        Copy “{created.token.name}” now: it is shown only once. It expires on{" "}
        {dateFormat.format(new Date(created.token.expiresAt))}.
      </Alert>
      <CopyField
        label="Token"
        value={created.secret}
        copyLabel="Copy token"
        className="font-mono text-xs"
      />
    </div>
  );
}

function RevokeTokenDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const revoke = useRevokeToken();
  return (
    <MutationConfirmDialog
      title="Revoke token"
      busyLabel="Revoking..."
      mutation={revoke}
      variables={token.id}
      onClose={onClose}
    >
      <p>
        Revoke “{token.name}” ({token.prefix}…)? Anything that uses it is refused from the next
        request on.
      </p>
    </MutationConfirmDialog>
  );
}
