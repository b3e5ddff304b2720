import type { User } from "@content-studio/contract";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { TextField } from "../../../components/ui/field";
import { SaveForm } from "../../../components/ui/save-form";
import { getFieldErrors, hasServerMessage } from "../../../lib/api-client";
import { useUpdateMe } from "../api/update-me";
import { ChangePasswordForm } from "./change-password-form";

/** A settings section 'Save All Settings' can save (same shape as the settings feature's). */
export interface AccountSection {
  label: string;
  dirty: boolean;
  save: () => Promise<
    { ok: true; section: string }[] | { ok: false; section: string; message: string }[]
  >;
}

export const NAME_SAVED = "Your name has been saved.";
export const NAME_SAVE_FAILED = "Failed to save your name.";

/** The "Your account" card's name form state, usable by 'Save All Settings'. */
export function useAccountForm(user: User, onUserChanged: (user: User) => void) {
  const [name, setName] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const update = useUpdateMe(onUserChanged);
  const draft = name ?? user.name;
  const dirty = name !== null && name.trim() !== user.name;

  const save = async () => {
    if (!dirty) return [];
    setNotice(null);
    try {
      await update.mutateAsync({ name: draft });
      setName(null);
      setNotice({ tone: "success", text: NAME_SAVED });
      return [{ ok: true as const, section: "your account" }];
    } catch (error) {
      const message = hasServerMessage(error)
        ? `${NAME_SAVE_FAILED} ${error.message}`
        : NAME_SAVE_FAILED;
      setNotice({ tone: "error", text: message });
      return [{ ok: false as const, section: "your account", message }];
    }
  };

  return {
    draft,
    dirty,
    notice,
    saving: update.isPending,
    nameError: getFieldErrors(update.error).name,
    setName: (value: string) => {
      setNotice(null);
      setName(value);
    },
    save,
    section: { label: "your account", dirty, save } satisfies AccountSection,
  };
}

export type AccountForm = ReturnType<typeof useAccountForm>;

/** "Your account": your name, and your password (your other sessions are signed out). */
export function AccountCard({ user, form }: { user: User; form: AccountForm }) {
  return (
    <Card title="Your account" description={`Signed in as ${user.email} (${user.role}).`}>
      <div className="grid gap-8 lg:grid-cols-2">
        <SaveForm label="Your name" className="space-y-4" onSave={form.save}>
          <TextField
            label="Name"
            name="name"
            autoComplete="name"
            value={form.draft}
            maxLength={100}
            error={form.nameError}
            onChange={(event) => form.setName(event.target.value)}
            required
          />
          {form.notice ? <Alert tone={form.notice.tone}>{form.notice.text}</Alert> : null}
          <Button type="submit" disabled={!form.dirty || form.saving}>
            {form.saving ? "Saving..." : "Save name"}
          </Button>
        </SaveForm>
        <section aria-label="Password">
          <h3 className="mb-3 text-sm font-semibold text-slate-900">Change password</h3>
          <ChangePasswordForm />
        </section>
      </div>
    </Card>
  );
}
