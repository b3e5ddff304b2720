import type { QueryClient } from "@tanstack/react-query";
import { getSessionQueryOptions } from "../features/auth/api/get-session";
import { getDashboardSummaryQueryOptions } from "../features/dashboard/api/get-dashboard-summary";
import { getExampleRepoSettingsQueryOptions } from "../features/examples/api/get-example-repo-settings";
import { getGenerationSettingsQueryOptions } from "../features/content/api/get-generation-settings";
import { FIRST_LIBRARY_PAGE, getLibraryQueryOptions } from "../features/library/api/get-library";
import { getLibraryAuthorsQueryOptions } from "../features/library/api/get-library-authors";
import { getAiServiceInfoQueryOptions } from "../features/reference/api/get-ai-service-info";
import { getBuyingStagesQueryOptions } from "../features/reference/api/get-buying-stages";
import { getIndustriesQueryOptions } from "../features/reference/api/get-industries";
import { getPersonasQueryOptions } from "../features/reference/api/get-personas";
import { getUiSettingsQueryOptions } from "../features/settings/api/get-ui-settings";

/** What every signed-in screen needs before it shows (StartupGate waits for it). */
export const startupQueries = () =>
  [
    getAiServiceInfoQueryOptions(),
    getPersonasQueryOptions(),
    getIndustriesQueryOptions(),
    getBuyingStagesQueryOptions(),
  ] as const;

/**
 * The first queries of the screens people open first (FIRST_VISIT_PAGES in first-visit.ts), by
 * the address as opened: a screen opened with filters in its query string asks for other data.
 */
function screenQueries(client: QueryClient, pathname: string, search: string): Promise<void>[] {
  if (search !== "") return [];
  switch (pathname) {
    case "/":
      return [
        client.prefetchQuery(getDashboardSummaryQueryOptions()),
        client.prefetchQuery(getGenerationSettingsQueryOptions()),
        client.prefetchQuery(getExampleRepoSettingsQueryOptions()),
      ];
    case "/library":
      return [
        client.prefetchQuery(getLibraryQueryOptions(FIRST_LIBRARY_PAGE)),
        client.prefetchQuery(getLibraryAuthorsQueryOptions()),
        client.prefetchQuery(getGenerationSettingsQueryOptions()),
      ];
    default:
      return [];
  }
}

/**
 * Asks for the session at once and, when someone is signed in, for the start-up data, the
 * shell's UI settings and the first data of the screen at `location`, all together: they load
 * while the screen's code does, instead of after it. On a first visit the server has already
 * put these answers in index.html (first-visit.ts), and these requests take them there.
 */
export async function prefetchStartupData(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
): Promise<void> {
  const session = await queryClient.fetchQuery(getSessionQueryOptions()).catch(() => null);
  if (!session?.user || session.passwordChangeRequired) return;
  const [ai, personas, industries, stages] = startupQueries();
  await Promise.all([
    queryClient.prefetchQuery(ai),
    queryClient.prefetchQuery(personas),
    queryClient.prefetchQuery(industries),
    queryClient.prefetchQuery(stages),
    queryClient.prefetchQuery(getUiSettingsQueryOptions(session.user.id)),
    ...screenQueries(queryClient, location.pathname, location.search),
  ]);
}
