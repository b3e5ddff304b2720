import { BrandMark } from "../../../components/brand-mark";
import { Button } from "../../../components/ui/button";
import { ChangePasswordForm } from "./change-password-form";

/**
 * Shown instead of the app after signing in with a temporary password: the server refuses
 * everything else until the password is changed.
 */
export function ForcedPasswordChange({
  email,
  onChanged,
  onSignOut,
}: {
  email: string;
  onChanged: () => void;
  onSignOut: () => void;
}) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 px-4 py-12">
      <title>Choose a new password · Content Studio</title>
      <div className="mb-8 flex items-center gap-2.5 text-slate-900">
        <BrandMark className="size-10" />
        <span className="text-xl font-semibold tracking-tight">Content Studio</span>
      </div>
      <div className="w-full max-w-lg rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-xl font-semibold text-slate-900">Choose a new password</h1>
        <p className="mt-1.5 text-sm text-slate-500">
          An administrator gave {email} a temporary password. Choose your own before you continue.
        </p>
        <div className="mt-6">
          <ChangePasswordForm
            currentLabel="Temporary password"
            submitLabel="Save new password"
            onChanged={onChanged}
          />
        </div>
        <Button variant="ghost" className="mt-4" onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    </main>
  );
}
