import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useEffect, useState, type ReactNode } from "react";
import { FullScreenSpinner } from "../components/ui/spinner";
import { getAiServiceInfoQueryOptions } from "../features/reference/api/get-ai-service-info";
import { getBuyingStagesQueryOptions } from "../features/reference/api/get-buying-stages";
import { getIndustriesQueryOptions } from "../features/reference/api/get-industries";
import { getPersonasQueryOptions } from "../features/reference/api/get-personas";

/** Startup failures are logged and the app carries on without that data. */
function useLogFailure(what: string, error: Error | null) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}:`, error);
  }, [what, error]);
}

/** Shows 'Initializing application...' until provider info and reference data have settled. */
export function StartupGate({ children }: { children: ReactNode }) {
  const aiServiceInfo = useQuery(getAiServiceInfoQueryOptions());
  const personas = useQuery(getPersonasQueryOptions());
  const industries = useQuery(getIndustriesQueryOptions());
  const buyingStages = useQuery(getBuyingStagesQueryOptions());

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
  // background, in slices that keep the page responsive, while the spinner stays up.
  const open = useDeferredValue(ready || settled);
  if (!open) return <FullScreenSpinner label="Initializing application..." />;
  return children;
}
