import type { FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { NEW_ACCOUNT_FIELDS, NewAccountFields } from "../../../components/ui/new-account-fields";
import { getFieldErrors } from "../../../lib/api-client";
import { formText } from "../../../lib/form";
import { useSetupAdmin } from "../api/setup-admin";

/** First run: creates the administrator account, which is then signed in. */
export function SetupAdminForm() {
  const setup = useSetupAdmin();
  const fieldErrors = getFieldErrors(setup.error);
  const hasFieldError = NEW_ACCOUNT_FIELDS.some((field) => fieldErrors[field]);

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
      <NewAccountFields errors={fieldErrors} own />
      {setup.error && !hasFieldError ? <Alert>{setup.error.message}</Alert> : null}
      <Button type="submit" className="w-full" disabled={setup.isPending}>
        {setup.isPending ? "Creating account..." : "Create administrator account"}
      </Button>
    </form>
  );
}
