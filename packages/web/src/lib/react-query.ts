import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";
import { noteMalformedAnswer } from "./malformed-answers";

/**
 * Retries only what may succeed next time: network failures and 5xx, at most twice. Never a
 * malformed answer: the same server sends the same shape again.
 */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.code === "malformed_answer") return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: noteMalformedAnswer }),
    mutationCache: new MutationCache({ onError: noteMalformedAnswer }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
