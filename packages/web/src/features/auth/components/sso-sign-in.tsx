import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useStartSsoSignIn } from "../api/start-sso-sign-in";

/** What a refused single sign-on says (the identity provider's own text is never shown). */
const SSO_ERRORS: Record<string, string> = {
  domain_not_allowed: "Your email domain cannot sign in here. Ask an administrator.",
  no_role: "None of your groups gives access to Content Studio. Ask an administrator.",
  "account not linked":
    "An account with your email exists but cannot be linked. Ask an administrator.",
  access_denied: "Sign-in was cancelled at the identity provider.",
  sso_not_configured: "Single sign-on is not set up.",
};

/** 'Sign in with {provider}', and why the last single sign-on was refused (from `?error=`). */
export function SsoSignIn({ name }: { name: string }) {
  const start = useStartSsoSignIn();
  const [params] = useSearchParams();
  const code = params.get("error");
  return (
    <div className="space-y-3">
      {code ? (
        <Alert>{SSO_ERRORS[code] ?? "Single sign-on did not complete. Please try again."}</Alert>
      ) : null}
      {start.error ? <Alert>{start.error.message}</Alert> : null}
      <Button
        type="button"
        className="w-full"
        disabled={start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
      >
        {start.isPending || start.isSuccess ? "Redirecting..." : `Sign in with ${name}`}
      </Button>
    </div>
  );
}
