import { useId, useState, type FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button, focusRing } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api-client";
import { formText } from "../../../lib/form";
import { cn } from "../../../lib/cn";
import { useSignIn } from "../api/sign-in";
import { ForgotPassword } from "./forgot-password";

const WRONG_CREDENTIALS = "Login failed. Please check your credentials.";

/** Wrong credentials get the spec's wording; rate limits and deactivation keep the server's. */
function signInErrorMessage(error: Error): string {
  if (error instanceof ApiError && error.status !== 401) return error.message;
  return WRONG_CREDENTIALS;
}

export function SignInForm() {
  const signIn = useSignIn();
  const [showReset, setShowReset] = useState(false);
  const resetHelpId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    signIn.mutate({ email: formText(form, "email"), password: formText(form, "password") });
  };

  return (
    <div className="space-y-5">
      <form onSubmit={onSubmit} className="space-y-5">
        <TextField label="Email" name="email" type="email" autoComplete="email" required />
        <div className="space-y-2">
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <div className="flex justify-end">
            <button
              type="button"
              aria-expanded={showReset}
              aria-controls={resetHelpId}
              onClick={() => setShowReset((shown) => !shown)}
              className={cn(
                "rounded text-sm font-medium text-primary-text hover:underline",
                focusRing,
              )}
            >
              Forgot password?
            </button>
          </div>
        </div>
        {signIn.error ? <Alert>{signInErrorMessage(signIn.error)}</Alert> : null}
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? "Signing in..." : "Sign in"}
        </Button>
      </form>
      {/* Outside the sign-in form: it has a form of its own. */}
      {showReset ? <ForgotPassword id={resetHelpId} /> : null}
    </div>
  );
}
