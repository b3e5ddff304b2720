import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useState, type ReactNode } from "react";
import { FullScreenSpinner } from "../components/ui/spinner";
import { ApiError } from "../lib/api-client";
import { startupQueries } from "./startup-data";

/**
 * Startup failures are logged and the app carries on without that data. A 401 is not one: the
 * session ended elsewhere, and the API client's listener takes the user to sign in.
 */
function useLogFailure(what: string, error: Error | null) {
  useEffect(() => {
    if (error && !(error instanceof ApiError && error.status === 401)) {
      console.error(`Failed to load ${what}:`, error);
    }
  }, [what, error]);
}

/** Shows 'Initializing application...' until provider info and reference data have settled. */
export function StartupGate({ children }: { children: ReactNode }) {
  const [aiOptions, personasOptions, industriesOptions, stagesOptions] = startupQueries();
  const aiServiceInfo = useQuery(aiOptions);
  const personas = useQuery(personasOptions);
  const industries = useQuery(industriesOptions);
  const buyingStages = useQuery(stagesOptions);

  useLogFailure("AI service info", aiServiceInfo.error);
  useLogFailure("personas", personas.error);
  useLogFailure("industries", industries.error);
  useLogFailure("buying stages", buyingStages.error);

  // Once everything has settled the gate stays open: a later refetch of a failed query is
  // pending again and must not unmount the app.
  const [ready, setReady] = useState(false);
  const settled = [aiServiceInfo, personas, industries, buyingStages].every((q) => !q.isPending);
  if (settled && !ready) setReady(true);

  // Mounting the shell and the screen is the heaviest render of a visit: it runs in the
  // background, in slices that keep the page responsive, while the spinner stays up (also
  // when the start-up data was already there: see startup-data.ts).
  const open = useDeferredValue(ready || settled, false);
  if (!open) return <FullScreenSpinner label="Initializing application..." />;
  return children;
}
