import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { getSessionQueryOptions } from "../features/auth/api/get-session";
import { onUnauthorized } from "../lib/api-client";
import { createQueryClient } from "../lib/react-query";
import { prefetchStartupData } from "./startup-data";

/** App-wide providers. Tests pass their own QueryClient. */
export function AppProvider({
  queryClient: given,
  children,
}: {
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => {
    if (given) return given;
    const client = createQueryClient();
    void prefetchStartupData(client, window.location);
    return client;
  });

  // A 401 from a signed-in-only call means the session ended: reload it and the
  // route guard sends the visitor to /login.
  useEffect(
    () =>
      onUnauthorized(() => {
        void queryClient.invalidateQueries({ queryKey: getSessionQueryOptions().queryKey });
      }),
    [queryClient],
  );

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
