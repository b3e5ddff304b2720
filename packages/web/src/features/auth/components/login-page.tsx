import { useSession } from "../api/get-session";
import { AuthLayout } from "./auth-layout";
import { SetupAdminForm } from "./setup-admin-form";
import { SignInForm } from "./sign-in-form";

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
  return (
    <AuthLayout title="Sign in" description="Sign in to your Content Studio account.">
      <SignInForm />
    </AuthLayout>
  );
}
