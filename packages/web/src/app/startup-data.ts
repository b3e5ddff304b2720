import type { QueryClient } from "@tanstack/react-query";
import { getSessionQueryOptions } from "../features/auth/api/get-session";
import { getAiServiceInfoQueryOptions } from "../features/reference/api/get-ai-service-info";
import { getBuyingStagesQueryOptions } from "../features/reference/api/get-buying-stages";
import { getIndustriesQueryOptions } from "../features/reference/api/get-industries";
import { getPersonasQueryOptions } from "../features/reference/api/get-personas";

/** What every signed-in screen needs before it shows (StartupGate waits for it). */
export const startupQueries = () =>
  [
    getAiServiceInfoQueryOptions(),
    getPersonasQueryOptions(),
    getIndustriesQueryOptions(),
    getBuyingStagesQueryOptions(),
  ] as const;

/**
 * Asks for the session at once and, when someone is signed in, for the start-up data: both
 * load while the screen's code does, instead of after it.
 */
export async function prefetchStartupData(queryClient: QueryClient): Promise<void> {
  const session = await queryClient.fetchQuery(getSessionQueryOptions()).catch(() => null);
  if (!session?.user || session.passwordChangeRequired) return;
  const [ai, personas, industries, stages] = startupQueries();
  await Promise.all([
    queryClient.prefetchQuery(ai),
    queryClient.prefetchQuery(personas),
    queryClient.prefetchQuery(industries),
    queryClient.prefetchQuery(stages),
  ]);
}
