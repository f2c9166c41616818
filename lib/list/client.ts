"use client";

import { useQueryStates } from "nuqs";
import { useCallback, useMemo } from "react";
import useSWR, { type SWRConfiguration } from "swr";
import { fetcher, type ProblemError } from "@/lib/swr/fetcher";
import type { ListBase, ListPatch, ListState } from "@/lib/list/base";


// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDefinition = ListBase<any>;
type StateOf<D> = D extends ListBase<infer F> ? ListState<F> : never;
type PatchOf<D> = D extends ListBase<infer F> ? ListPatch<F> : never;

export function useListState<D extends AnyDefinition>(definition: D): [StateOf<D>, (patch: PatchOf<D>) => void] {
  const [raw, setRaw] = useQueryStates(definition.parsers, { history: "push", urlKeys: definition.urlKeys });
  const state = useMemo(() => definition.normalize(raw) as StateOf<D>, [definition, raw]);
  const update = useCallback((patch: PatchOf<D>) => void setRaw(definition.update(state, patch) as never), [definition, setRaw, state]);
  return [state, update];
}

export type Keyed<R> = R & { key: string };

export function useList<R extends object>(definition: AnyDefinition, state: object, config?: SWRConfiguration<Keyed<R>, ProblemError>) {
  const key = definition.key(state);
  const { data, error, mutate, isValidating } = useSWR<Keyed<R>, ProblemError>(key, keyedFetcher<R>, { keepPreviousData: true, ...config });
  return { key, data, error, mutate, isValidating, stale: data !== undefined && data.key !== key };
}

export async function keyedFetcher<R extends object>(key: string): Promise<Keyed<R>> {
  return { ...(await fetcher<R>(key)), key };
}
