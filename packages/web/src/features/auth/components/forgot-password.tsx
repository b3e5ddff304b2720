import { FORGOT_PASSWORD_ADMIN_MESSAGE } from "@content-studio/contract";
import { type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { formText } from "../../../lib/form";
import { useForgotPassword } from "../api/forgot-password";
import { useSession } from "../api/get-session";

/**
 * Under 'Forgot password?': with outgoing mail, a form that sends a reset link; without it,
 * the sentence that an administrator can reset the password.
 */
export function ForgotPassword({ id, defaultEmail }: { id: string; defaultEmail?: string }) {
  const { data: session } = useSession();
  const request = useForgotPassword();

  if (session?.passwordRecovery !== "email") {
    return (
      <p id={id} className="text-sm text-slate-600">
        {FORGOT_PASSWORD_ADMIN_MESSAGE}
      </p>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const form = new FormData(event.currentTarget);
    request.mutate({ email: formText(form, "reset-email") });
  };

  return (
    <div id={id} className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      {request.isSuccess ? (
        <Alert tone="success">{request.data.message}</Alert>
      ) : (
        <form onSubmit={onSubmit} className="space-y-3" aria-label="Reset password by email">
          <TextField
            label="Email for the reset link"
            name="reset-email"
            type="email"
            autoComplete="email"
            defaultValue={defaultEmail}
            required
          />
          {request.error ? <Alert>{request.error.message}</Alert> : null}
          <Button type="submit" variant="secondary" disabled={request.isPending}>
            {request.isPending ? "Sending..." : "Send reset link"}
          </Button>
        </form>
      )}
    </div>
  );
}
