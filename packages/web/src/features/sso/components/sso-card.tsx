import {
  ROLES,
  type Role,
  type SsoDiscoveryResult,
  type SsoGroupRole,
  type SsoSettings,
} from "@content-studio/contract";
import { Plus } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { CheckboxField, withItem } from "../../../components/ui/checkbox-field";
import { MutationConfirmDialog } from "../../../components/ui/confirm-dialog";
import { SelectField, TextField } from "../../../components/ui/field";
import { optionsOf, SelectOptions } from "../../../components/ui/options-field";
import { LoadingText } from "../../../components/ui/spinner";
import { StatusBadge } from "../../../components/ui/status-badge";
import { TrashButton } from "../../../components/ui/trash-button";
import { useDraft } from "../../../hooks/use-draft";
import { getFieldErrors } from "../../../lib/api-client";
import { useSsoSettings } from "../api/get-sso-settings";
import { useRemoveSsoSettings } from "../api/remove-sso-settings";
import { useSaveSsoSettings } from "../api/save-sso-settings";
import { useTestSsoDiscovery } from "../api/test-sso-discovery";

/** An administrator who can be named break-glass (the route passes the admins). */
export interface BreakGlassCandidate {
  id: string;
  label: string;
}

const ROLE_LABELS: Record<Role, string> = { admin: "Admin", editor: "Editor", viewer: "Viewer" };

/**
 * Settings > Single sign-on (admins): one OpenID Connect provider by issuer URL and client
 * credentials, discovery tested before saving, the callback URL to register at the provider,
 * the confirmed email domains, the group → role mapping and the password sign-in switch.
 */
export function SsoCard({ admins }: { admins: BreakGlassCandidate[] }) {
  const settings = useSsoSettings();
  // Held here, not in the form: a save gives the form a new key (the stored values), and the
  // confirmation must outlive that remount.
  const [savedName, setSavedName] = useState<string | null>(null);
  return (
    <Card
      title="Single sign-on"
      description="Let people sign in with your identity provider (OpenID Connect). Accounts are created at first sign-in; the role follows their groups at every sign-in."
    >
      {settings.isPending ? (
        <LoadingText>Loading single sign-on...</LoadingText>
      ) : settings.isError ? (
        <Alert>{`Failed to load single sign-on. ${settings.error.message}`}</Alert>
      ) : (
        <SsoForm
          key={settings.data.connection?.updatedAt ?? "new"}
          settings={settings.data}
          admins={admins}
          savedName={savedName}
          onSaved={setSavedName}
        />
      )}
    </Card>
  );
}

function SsoForm({
  settings,
  admins,
  savedName,
  onSaved,
}: {
  settings: SsoSettings;
  admins: BreakGlassCandidate[];
  /** The provider name of the last save that worked (null until one has, or while saving). */
  savedName: string | null;
  onSaved: (name: string | null) => void;
}) {
  const c = settings.connection;
  const save = useSaveSsoSettings();
  const remove = useRemoveSsoSettings();
  const [removing, setRemoving] = useState(false);
  const discovery = useTestSsoDiscovery();
  const { draft, text } = useDraft(() => ({
    name: c?.name ?? "",
    issuer: c?.issuer ?? "",
    clientId: c?.clientId ?? "",
    clientSecret: "",
    domains: (c?.domains ?? []).join(", "),
    groupsClaim: c?.groupsClaim ?? "groups",
  }));
  const { name, issuer, clientId, clientSecret, groupsClaim } = draft;
  const [allowPrivate, setAllowPrivate] = useState(c?.allowPrivateIssuer ?? false);
  const [domainsConfirmed, setDomainsConfirmed] = useState(false);
  const [rows, setRows] = useState<SsoGroupRole[]>(c?.groupRoles ?? []);
  const [defaultRole, setDefaultRole] = useState<Role | "">(c ? (c.defaultRole ?? "") : "viewer");
  const [passwordsOff, setPasswordsOff] = useState(c?.passwordSignIn === "break_glass_only");
  const [breakGlass, setBreakGlass] = useState<string[]>(c?.breakGlassUserIds ?? []);
  const fieldErrors = getFieldErrors(save.error);
  /** Binds a text control to one of the draft's fields, with the server's error for it. */
  const field = (key: Parameters<typeof text>[0]) => ({ ...text(key), error: fieldErrors[key] });
  const domainList = draft.domains
    .split(/[\s,]+/)
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean);
  const domainsChanged = domainList.join(",") !== (c?.domains ?? []).join(",");

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSaved(null);
    save.mutate(
      {
        name,
        issuer,
        allowPrivateIssuer: allowPrivate,
        clientId,
        ...(clientSecret ? { clientSecret } : {}),
        domains: domainList,
        domainsConfirmed,
        groupsClaim,
        groupRoles: rows.filter((r) => r.group.trim()),
        defaultRole: defaultRole === "" ? null : defaultRole,
        passwordSignIn: passwordsOff ? "break_glass_only" : "everyone",
        breakGlassUserIds: passwordsOff ? breakGlass : [],
      },
      { onSuccess: () => onSaved(name) },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5" aria-label="Single sign-on provider">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={c ? "green" : "slate"}>{c ? "On" : "Not set up"}</StatusBadge>
        {c?.passwordSignIn === "break_glass_only" ? (
          <StatusBadge tone="blue">Passwords: break-glass admins only</StatusBadge>
        ) : null}
      </div>
      <div>
        <p className="text-sm font-medium text-slate-700">Callback URL</p>
        <p className="mt-1 text-xs text-slate-500">
          Register this as the redirect URI of the client at your identity provider.
        </p>
        <code className="mt-1 block rounded-md bg-slate-100 px-3 py-2 text-sm break-all text-slate-900">
          {settings.callbackUrl}
        </code>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Provider name"
          hint='Shown on the sign-in page: "Sign in with …".'
          {...field("name")}
          required
        />
        <TextField
          label="Issuer URL"
          hint="Discovery reads {issuer}/.well-known/openid-configuration."
          {...field("issuer")}
          inputMode="url"
          required
        />
        <TextField label="Client ID" {...field("clientId")} autoComplete="off" required />
        <TextField
          label="Client secret"
          type="password"
          hint={c?.clientSecretSet ? "A secret is stored. Leave empty to keep it." : undefined}
          placeholder={c?.clientSecretSet ? "••••••••" : undefined}
          {...field("clientSecret")}
          autoComplete="new-password"
        />
      </div>
      <CheckboxField checked={allowPrivate} onChange={setAllowPrivate}>
        <span>
          Allow-list this issuer&apos;s origin: it is on a private or loopback network, or uses
          http. Anything else must be public https.
        </span>
      </CheckboxField>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={!issuer || discovery.isPending}
          onClick={() => discovery.mutate({ issuer, allowPrivateIssuer: allowPrivate })}
        >
          {discovery.isPending ? "Testing..." : "Test discovery"}
        </Button>
        {discovery.data ? <DiscoveryFound found={discovery.data} /> : null}
      </div>
      {discovery.error ? <Alert>{discovery.error.message}</Alert> : null}

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Email domains</legend>
        <TextField
          label="Domains whose people may sign in"
          hint="Comma-separated, e.g. example.com. Existing accounts with these domains are linked at their first single sign-on."
          {...field("domains")}
        />
        {domainsChanged ? (
          <CheckboxField checked={domainsConfirmed} onChange={setDomainsConfirmed}>
            <span>I confirm that our organisation owns these domains.</span>
          </CheckboxField>
        ) : null}
        {fieldErrors["domainsConfirmed"] ? (
          <p className="text-sm text-red-600">{fieldErrors["domainsConfirmed"]}</p>
        ) : null}
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">Roles from groups</legend>
        <p className="text-xs text-slate-500">
          The highest role of a person&apos;s groups applies, checked at every sign-in.
        </p>
        <TextField label="Groups claim" {...field("groupsClaim")} />
        <ul className="space-y-2" aria-label="Group to role mapping">
          {rows.map((row, i) => (
            <li key={i} className="flex flex-wrap items-end gap-2">
              <TextField
                label={`Group ${i + 1}`}
                value={row.group}
                className="min-w-0"
                onChange={(e) =>
                  setRows((now) =>
                    now.map((r, j) => (j === i ? { ...r, group: e.target.value } : r)),
                  )
                }
              />
              <SelectField
                label={`Role of group ${i + 1}`}
                value={row.role}
                onChange={(e) =>
                  setRows((now) =>
                    now.map((r, j) => (j === i ? { ...r, role: e.target.value as Role } : r)),
                  )
                }
              >
                <SelectOptions options={optionsOf(ROLES, ROLE_LABELS)} />
              </SelectField>
              <TrashButton
                label={`Remove group ${i + 1}`}
                onClick={() => setRows((now) => now.filter((_, j) => j !== i))}
              />
            </li>
          ))}
        </ul>
        {fieldErrors["groupRoles"] ? (
          <p className="text-sm text-red-600">{fieldErrors["groupRoles"]}</p>
        ) : null}
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => setRows((now) => [...now, { group: "", role: "viewer" }])}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add group
        </Button>
        <SelectField
          label="People in no mapped group"
          value={defaultRole}
          onChange={(e) => setDefaultRole(e.target.value as Role | "")}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>{`Sign in as ${ROLE_LABELS[r]}`}</option>
          ))}
          <option value="">Refuse sign-in</option>
        </SelectField>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-900">Password sign-in</legend>
        <CheckboxField checked={passwordsOff} onChange={setPasswordsOff}>
          <span>Turn password sign-in off for everyone but the break-glass admins below.</span>
        </CheckboxField>
        {passwordsOff ? (
          <div className="space-y-1 pl-6">
            {admins.length === 0 ? (
              <p className="text-sm text-slate-500">No administrators found.</p>
            ) : (
              admins.map((a) => (
                <CheckboxField
                  key={a.id}
                  checked={breakGlass.includes(a.id)}
                  onChange={(on) => setBreakGlass((now) => withItem(now, a.id, on))}
                >
                  <span className="break-all">{a.label}</span>
                </CheckboxField>
              ))
            )}
          </div>
        ) : null}
        {fieldErrors["breakGlassUserIds"] ? (
          <p className="text-sm text-red-600">{fieldErrors["breakGlassUserIds"]}</p>
        ) : null}
      </fieldset>

      {save.error && Object.keys(fieldErrors).length === 0 ? (
        <Alert>{save.error.message}</Alert>
      ) : null}
      {save.error && fieldErrors["issuer"] ? <Alert>{fieldErrors["issuer"]}</Alert> : null}
      {savedName ? (
        <p role="status" className="text-sm text-green-700">
          Saved. Discovery worked and the sign-in page offers &quot;Sign in with {savedName}&quot;.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending
            ? "Testing and saving..."
            : c
              ? "Save single sign-on"
              : "Set up single sign-on"}
        </Button>
        {c ? (
          <Button
            type="button"
            variant="danger"
            disabled={remove.isPending}
            onClick={() => setRemoving(true)}
          >
            Remove
          </Button>
        ) : null}
      </div>
      {removing ? (
        <MutationConfirmDialog
          title="Remove single sign-on"
          busyLabel="Removing..."
          mutation={remove}
          variables={undefined}
          onClose={() => setRemoving(false)}
        >
          <p>
            Remove single sign-on? Its accounts are unlinked and passwords work for everyone again.
          </p>
        </MutationConfirmDialog>
      ) : null}
    </form>
  );
}

function DiscoveryFound({ found }: { found: SsoDiscoveryResult }) {
  return (
    <p role="status" className="text-sm text-green-700">
      Discovery works: authorization code with PKCE (S256), scopes {found.scopes.join(", ")}.
    </p>
  );
}
