import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@content-studio/contract";
import { TextField } from "./field";

interface NewAccountFieldsProps {
  /** "email" where the person fills in their own account, "off" where an admin makes one. */
  emailAutoComplete: "email" | "off";
  /** The server's messages, by field name. */
  errors: Record<string, string | undefined>;
}

/** The email and first password of a new account (the first administrator, a created user). */
export function NewAccountFields({ emailAutoComplete, errors }: NewAccountFieldsProps) {
  return (
    <>
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete={emailAutoComplete}
        required
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        maxLength={PASSWORD_MAX_LENGTH}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        error={errors.password}
      />
    </>
  );
}
