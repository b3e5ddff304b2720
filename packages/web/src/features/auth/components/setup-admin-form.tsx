import type { FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { NewAccountFields } from "../../../components/ui/new-account-fields";
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
      <NewAccountFields emailAutoComplete="email" errors={fieldErrors} />
      {setup.error && !hasFieldError ? <Alert>{setup.error.message}</Alert> : null}
      <Button type="submit" className="w-full" disabled={setup.isPending}>
        {setup.isPending ? "Creating account..." : "Create administrator account"}
      </Button>
    </form>
  );
}
