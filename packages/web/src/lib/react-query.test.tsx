import {
  QueryClientProvider,
  queryOptions,
  useQuery,
  type QueryClient,
} from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, expectTypeOf, it, vi } from "vitest";
import { z } from "zod";
import { installFakeApi, ok } from "../../test/fake-api";
import { createTestQueryClient } from "../../test/render";
import { ApiError } from "./api-client";
import { apiQueryOptions, useApiMutation, useRefreshingMutation } from "./react-query";

const ThingSchema = z.object({ id: z.string(), name: z.string() });
type Thing = z.infer<typeof ThingSchema>;

/** A mutation answering the saved thing. */
const save = (name: string): Promise<Thing> => Promise.resolve({ id: "t2", name });

const wrapperFor =
  (client: QueryClient) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );

describe("apiQueryOptions", () => {
  it("GETs the path with its query string, parses the answer with the schema, caches it under the key", async () => {
    const fake = installFakeApi({ "GET /api/things/:id": ok({ id: "t1", name: "A", extra: 1 }) });
    const client = createTestQueryClient();
    const options = apiQueryOptions(["things", "t1"] as const, "/api/things/t1", ThingSchema, {
      params: { q: "a b", empty: "" },
      staleTime: Infinity,
    });

    expect(options.queryKey).toEqual(["things", "t1"]);
    expect(options.staleTime).toBe(Infinity);
    // The schema strips what the contract does not promise.
    await expect(client.fetchQuery(options)).resolves.toEqual({ id: "t1", name: "A" });
    expect(client.getQueryData(options.queryKey)).toEqual({ id: "t1", name: "A" });
    expect(fake.fetchMock.mock.calls[0]?.[0]).toBe("/api/things/t1?q=a+b");
    expect(fake.fetchMock.mock.calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);

    // The key is tagged with the answer's type: cache reads and writes with it are typed.
    expectTypeOf(client.getQueryData(options.queryKey)).toEqualTypeOf<Thing | undefined>();
  });

  it("refuses an answer the schema refuses", async () => {
    installFakeApi({ "GET /api/things/:id": ok({ id: "t1" }) });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const client = createTestQueryClient();

    const failure = client.fetchQuery(apiQueryOptions(["things"], "/api/things/t1", ThingSchema));

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: "malformed_answer" });
    expect(consoleError).toHaveBeenCalledOnce();
  });
});

describe("useApiMutation", () => {
  const thingQuery = (id: string) =>
    queryOptions({
      queryKey: ["things", id],
      queryFn: (): Promise<Thing> => new Promise(() => {}),
    });

  it("sets, removes and refreshes the given queries, and is done once the refreshed ones answer", async () => {
    const client = createTestQueryClient();
    const later = <T,>(value: T, ms = 0) =>
      new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));
    const listFetch = vi
      .fn<() => Promise<string[]>>()
      .mockResolvedValueOnce(["t1"])
      .mockImplementationOnce(() => later(["t1", "t2"], 20));
    const list = queryOptions({ queryKey: ["things", "list"], queryFn: listFetch });
    let answerSlowly = (): void => undefined;
    const slowFetch = vi
      .fn<() => Promise<number>>()
      .mockResolvedValueOnce(1)
      .mockImplementationOnce(() => new Promise((resolve) => (answerSlowly = () => resolve(2))));
    const counts = queryOptions({ queryKey: ["things", "counts"], queryFn: slowFetch });
    client.setQueryData(["drafts", "B"], "unsaved text");
    const seenBySuccess = vi.fn<(thing: Thing, cached: unknown) => void>();

    const { result } = renderHook(
      () => ({
        list: useQuery(list),
        counts: useQuery(counts),
        save: useApiMutation(save, {
          set: (thing) => thingQuery(thing.id).queryKey,
          remove: (_thing, name) => ["drafts", name],
          refresh: () => [list.queryKey],
          refreshInBackground: () => [counts.queryKey],
          onSuccess: async (thing) =>
            seenBySuccess(thing, await later(client.getQueryData(["things", "t2"]))),
        }),
      }),
      { wrapper: wrapperFor(client) },
    );
    await waitFor(() => expect(result.current.counts.data).toBe(1));
    await waitFor(() => expect(result.current.list.data).toEqual(["t1"]));

    await act(() => result.current.save.mutateAsync("B"));

    expect(client.getQueryData(thingQuery("t2").queryKey)).toEqual({ id: "t2", name: "B" });
    expect(client.getQueryState(["drafts", "B"])).toBeUndefined();
    // Refreshed before the mutation resolved…
    expect(listFetch).toHaveBeenCalledTimes(2);
    expect(client.getQueryData(list.queryKey)).toEqual(["t1", "t2"]);
    // …while the background refresh was still on its way.
    expect(slowFetch).toHaveBeenCalledTimes(2);
    expect(client.getQueryState(counts.queryKey)?.fetchStatus).toBe("fetching");
    // `onSuccess` runs after the cache updates, and the mutation waits for it.
    expect(seenBySuccess).toHaveBeenCalledWith({ id: "t2", name: "B" }, { id: "t2", name: "B" });

    act(() => answerSlowly());
    await waitFor(() => expect(result.current.counts.data).toBe(2));
  });

  it("leaves the cache alone when the mutation fails", async () => {
    const client = createTestQueryClient();
    client.setQueryData(["drafts", "B"], "unsaved text");
    const fail = (_name: string): Promise<Thing> => Promise.reject(new Error("refused"));
    const set = vi.fn((thing: Thing) => thingQuery(thing.id).queryKey);
    const { result } = renderHook(
      () => useApiMutation(fail, { set, remove: (_thing, name) => ["drafts", name] }),
      { wrapper: wrapperFor(client) },
    );

    await act(() => expect(result.current.mutateAsync("B")).rejects.toThrow("refused"));

    expect(set).not.toHaveBeenCalled();
    expect(client.getQueryData(["drafts", "B"])).toBe("unsaved text");
  });

  it("takes for `set` only a key tagged with the answer's type", () => {
    const list = queryOptions({ queryKey: ["things", "list"], queryFn: () => ["t1"] });
    const { result } = renderHook(
      () =>
        useApiMutation(save, {
          // @ts-expect-error The list's key holds a list of ids, not the saved thing.
          set: () => list.queryKey,
        }),
      { wrapper: wrapperFor(createTestQueryClient()) },
    );
    expect(result.current.isIdle).toBe(true);
  });
});

describe("useRefreshingMutation", () => {
  it("marks every query under the keys stale before the mutation is done", async () => {
    const client = createTestQueryClient();
    client.setQueryData(["things", "list", { page: 1 }], ["t1"]);
    client.setQueryData(["others"], ["o1"]);
    const { result } = renderHook(() => useRefreshingMutation(save, ["things", "list"]), {
      wrapper: wrapperFor(client),
    });

    await act(() => result.current.mutateAsync("B"));

    expect(client.getQueryState(["things", "list", { page: 1 }])?.isInvalidated).toBe(true);
    expect(client.getQueryState(["others"])?.isInvalidated).toBe(false);
  });
});
