import { ADMIN_RESET_LINK_HOURS, PASSWORD_MIN_LENGTH, type User } from "@content-studio/contract";
import { useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { CopyField } from "../../../components/ui/copy-field";
import { Dialog } from "../../../components/ui/dialog";
import { RadioGroup } from "../../../components/ui/radio-group";
import { TextField } from "../../../components/ui/field";
import { getFieldErrors } from "../../../lib/api-client";
import { formText } from "../../../lib/form";
import { useResetUserPassword } from "../api/reset-user-password";

type Mode = "temporary" | "link";

/** Resets another user's password: a temporary one, or a one-time link shown once. */
export function ResetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>("link");
  const reset = useResetUserPassword();
  const fields = getFieldErrors(reset.error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    reset.mutate({
      id: user.id,
      data:
        mode === "temporary"
          ? { mode, password: formText(form, "temporary-password") }
          : { mode: "link" },
    });
  };

  const result = reset.data;
  return (
    <Dialog
      title={`Reset password for ${user.name}`}
      description={user.email}
      onClose={onClose}
      size="md"
      closeLabel={result ? "Done" : "Cancel"}
    >
      {result?.mode === "temporary" ? (
        <Alert tone="success">
          The temporary password is set and {user.name} has been signed out everywhere. Give it to
          them in person or by phone: they must choose their own password when they next sign in.
        </Alert>
      ) : result?.mode === "link" && result.link ? (
        <div className="space-y-3">
          <Alert tone="success">
            Send this link to {user.name}. It works once and expires in {ADMIN_RESET_LINK_HOURS}{" "}
            hours. It is shown only now.
          </Alert>
          <CopyField label="One-time reset link" value={result.link} copyLabel="Copy link" />
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" aria-label="Reset password">
          <RadioGroup
            legend="How"
            name="mode"
            value={mode}
            onChange={setMode}
            options={[
              {
                value: "link",
                label: `Create a one-time reset link (valid ${ADMIN_RESET_LINK_HOURS} hours, shown once)`,
              },
              {
                value: "temporary",
                label: "Set a temporary password they must change at next sign-in",
              },
            ]}
          />
          {mode === "temporary" ? (
            <TextField
              label="Temporary password"
              name="temporary-password"
              type="text"
              autoComplete="off"
              minLength={PASSWORD_MIN_LENGTH}
              hint={`At least ${PASSWORD_MIN_LENGTH} characters. Their sessions end at once.`}
              error={fields.password}
              required
            />
          ) : null}
          {reset.error && !fields.password ? <Alert>{reset.error.message}</Alert> : null}
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending
              ? "Resetting..."
              : mode === "link"
                ? "Create reset link"
                : "Set temporary password"}
          </Button>
        </form>
      )}
    </Dialog>
  );
}
