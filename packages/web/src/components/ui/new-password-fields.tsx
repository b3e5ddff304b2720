import { PASSWORD_MIN_LENGTH } from "@content-studio/contract";
import { TextField } from "./field";

/**
 * The new password and its confirmation, as every form that sets a password asks for them
 * (change, reset, forced change). `error` is the server's message for the new password.
 */
export function NewPasswordFields({ error, mismatch }: { error?: string; mismatch: boolean }) {
  return (
    <>
      <TextField
        label="New password"
        name="new-password"
        type="password"
        autoComplete="new-password"
        minLength={PASSWORD_MIN_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters; not a common password.`}
        error={error}
        required
      />
      <TextField
        label="Confirm new password"
        name="confirm-password"
        type="password"
        autoComplete="new-password"
        error={mismatch ? "The two passwords are not the same." : undefined}
        required
      />
    </>
  );
}
