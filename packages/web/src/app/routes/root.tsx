import { Outlet } from "react-router";
import { Button } from "../../components/ui/button";
import { FullScreenSpinner } from "../../components/ui/spinner";
import { useSession } from "../../features/auth/api/get-session";

/** Waits for the session before any route decides where the visitor belongs. */
export function RootRoute() {
  const session = useSession();

  if (session.isPending) return <FullScreenSpinner label="Initializing application..." />;
  if (session.isError) {
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-4 text-center">
        <title>Content Studio</title>
        <h1 className="text-xl font-semibold text-slate-900">Content Studio is unavailable</h1>
        <p role="alert" className="max-w-md text-sm text-slate-600">
          {session.error.message}
        </p>
        <Button onClick={() => void session.refetch()} disabled={session.isFetching}>
          {session.isFetching ? "Retrying..." : "Try again"}
        </Button>
      </main>
    );
  }
  return <Outlet />;
}
