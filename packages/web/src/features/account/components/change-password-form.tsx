import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { NewPasswordFields } from "../../../components/ui/new-password-fields";
import { getFieldErrors } from "../../../lib/api-client";
import { formText } from "../../../lib/form";
import { useChangePassword } from "../api/change-password";

export const PASSWORD_CHANGED = "Password changed. Your other sessions have been signed out.";

/** Current password, new password twice; the server checks the sign-in password rules. */
export function ChangePasswordForm({
  onChanged,
  currentLabel = "Current password",
  submitLabel = "Change password",
}: {
  onChanged?: () => void;
  currentLabel?: string;
  submitLabel?: string;
}) {
  const change = useChangePassword(onChanged);
  const [mismatch, setMismatch] = useState(false);
  const fields = getFieldErrors(change.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newPassword = formText(form, "new-password");
    if (newPassword !== formText(form, "confirm-password")) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate(
      { currentPassword: formText(form, "current-password"), newPassword },
      { onSuccess: () => formElement.reset() },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-label="Change password">
      <TextField
        label={currentLabel}
        name="current-password"
        type="password"
        autoComplete="current-password"
        error={fields.currentPassword}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <NewPasswordFields error={fields.newPassword} mismatch={mismatch} />
      </div>
      {change.error && !fields.currentPassword && !fields.newPassword ? (
        <Alert>{change.error.message}</Alert>
      ) : null}
      {change.isSuccess ? <Alert tone="success">{PASSWORD_CHANGED}</Alert> : null}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? "Saving..." : submitLabel}
      </Button>
    </form>
  );
}
