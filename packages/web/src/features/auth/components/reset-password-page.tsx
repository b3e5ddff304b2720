import { useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button, buttonClasses } from "../../../components/ui/button";
import { NewPasswordFields } from "../../../components/ui/new-password-fields";
import { getFieldErrors } from "../../../lib/api-client";
import { formText } from "../../../lib/form";
import { useResetPassword } from "../api/reset-password";
import { AuthLayout } from "./auth-layout";

/** The token travels in the fragment (`#token=…`), which browsers never send to a server. */
function tokenFrom(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") ?? "";
}

/** /reset-password#token=…: choose a new password from a one-time link. */
export function ResetPasswordPage() {
  const { hash } = useLocation();
  const [token] = useState(() => tokenFrom(hash));
  const reset = useResetPassword();
  const [mismatch, setMismatch] = useState(false);
  const fields = getFieldErrors(reset.error);

  if (!token) {
    return (
      <AuthLayout title="Reset your password">
        <Alert>
          This reset link is incomplete. Open the whole link from your message, or ask for a new
          one.
        </Alert>
        <Link to="/login" className={buttonClasses("secondary") + " mt-4"}>
          Back to sign in
        </Link>
      </AuthLayout>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthLayout title="Password changed">
        <Alert tone="success">
          Your password has been changed and every session of your account has been signed out.
        </Alert>
        <Link to="/login" className={buttonClasses("primary") + " mt-4 w-full"}>
          Sign in
        </Link>
      </AuthLayout>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = formText(form, "new-password");
    if (newPassword !== formText(form, "confirm-password")) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    reset.mutate({ token, newPassword });
  };

  return (
    <AuthLayout title="Reset your password" description="Choose a new password for your account.">
      <form onSubmit={onSubmit} className="space-y-5">
        <NewPasswordFields error={fields.newPassword} mismatch={mismatch} />
        {reset.error && !fields.newPassword ? <Alert>{reset.error.message}</Alert> : null}
        <Button type="submit" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? "Saving..." : "Set new password"}
        </Button>
        <p className="text-center text-sm">
          <Link to="/login" className="font-medium text-primary hover:underline">
            Back to sign in
          </Link>
        </p>
      </form>
    </AuthLayout>
  );
}
