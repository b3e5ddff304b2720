import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@content-studio/contract";
import type { FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { getFieldErrors } from "../../../lib/api-client";
import { formText } from "../../../lib/form";
import { useSetupAdmin } from "../api/setup-admin";

const FIELDS = ["name", "email", "password"];

/** First run: creates the administrator account, which is then signed in. */
export function SetupAdminForm() {
  const setup = useSetupAdmin();
  const fieldErrors = getFieldErrors(setup.error);
  const hasFieldError = FIELDS.some((field) => fieldErrors[field]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setup.mutate({
      name: formText(form, "name"),
      email: formText(form, "email"),
      password: formText(form, "password"),
    });
  };

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        required
        maxLength={100}
        error={fieldErrors.name}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        error={fieldErrors.email}
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
        error={fieldErrors.password}
      />
      {setup.error && !hasFieldError ? <Alert>{setup.error.message}</Alert> : null}
      <Button type="submit" className="w-full" disabled={setup.isPending}>
        {setup.isPending ? "Creating account..." : "Create administrator account"}
      </Button>
    </form>
  );
}
