import { useSession } from "../api/get-session";
import { AuthLayout } from "./auth-layout";
import { SetupAdminForm } from "./setup-admin-form";
import { SignInForm } from "./sign-in-form";
import { SsoSignIn } from "./sso-sign-in";

/** /login: the sign-in form, or on a fresh install the form that creates the administrator. */
export function LoginPage() {
  const { data: session } = useSession();

  if (session?.setupRequired) {
    return (
      <AuthLayout
        title="Create the administrator account"
        description="No accounts exist yet. This first account administers Content Studio and can invite others."
      >
        <SetupAdminForm />
      </AuthLayout>
    );
  }
  const sso = session?.sso ?? null;
  return (
    <AuthLayout title="Sign in" description="Sign in to your Content Studio account.">
      {sso ? (
        <div className="space-y-6">
          <SsoSignIn name={sso.name} />
          {sso.passwordSignIn === "break_glass_only" ? (
            <details className="text-sm text-slate-600">
              <summary className="cursor-pointer font-medium">
                Administrator sign-in with a password
              </summary>
              <div className="mt-4">
                <SignInForm />
              </div>
            </details>
          ) : (
            <>
              <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
                <span className="h-px flex-1 bg-slate-200" />
                or with your password
                <span className="h-px flex-1 bg-slate-200" />
              </div>
              <SignInForm />
            </>
          )}
        </div>
      ) : (
        <SignInForm />
      )}
    </AuthLayout>
  );
}
