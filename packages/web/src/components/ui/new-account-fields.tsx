import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@content-studio/contract";
import { TextField } from "./field";

/** The fields a new account is made from, each with the server's message for it. */
export const NEW_ACCOUNT_FIELDS = ["name", "email", "password"] as const;

/**
 * Name, email and first password of a new account: the first administrator's own (the
 * browser may fill them in) or one an administrator makes for someone else (it may not).
 */
export function NewAccountFields({
  errors,
  own,
}: {
  errors: Partial<Record<string, string>>;
  own: boolean;
}) {
  return (
    <>
      <TextField
        label="Name"
        name="name"
        autoComplete={own ? "name" : undefined}
        required
        maxLength={100}
        error={errors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete={own ? "email" : "off"}
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
