"use client";

import { parseAsArrayOf, parseAsStringLiteral, useQueryState } from "nuqs";
import { useCallback, useMemo } from "react";
import useSWR from "swr";
import { fetcher, ProblemError, sendDelete, sendJson } from "@/lib/swr/fetcher";
import { HIDE_KEY, VIEWS_API, viewsKey, type SavedViewList } from "@/lib/views/lists";
import type { CreateViewInput, SavedView, SavedViewsAnswer } from "@/lib/views/schemas";

export function useSavedViews(list: SavedViewList) {
  return useSWR<SavedViewsAnswer, ProblemError>(viewsKey(list), fetcher);
}

export async function createViewRequest(body: CreateViewInput): Promise<SavedView> {
  return (await sendJson<{ view: SavedView }>(VIEWS_API, "POST", body)).view;
}

export async function updateViewRequest(id: string, body: { name?: string; query?: string; shared?: boolean }): Promise<SavedView> {
  return (await sendJson<{ view: SavedView }>(`${VIEWS_API}/${id}`, "PATCH", body)).view;
}

export async function setDefaultViewRequest(list: SavedViewList, viewId: string | null): Promise<SavedViewsAnswer> {
  return sendJson<SavedViewsAnswer>(`${VIEWS_API}/default`, "PUT", { list, viewId });
}

export function deleteViewRequest(id: string): Promise<void> {
  return sendDelete(`${VIEWS_API}/${id}`);
}

type Visibility = Record<string, boolean>;

export function useHiddenColumns(columns: readonly string[]) {
  const parser = useMemo(() => parseAsArrayOf(parseAsStringLiteral(columns)).withDefault([]).withOptions({ history: "push" }), [columns]);
  const [hidden, setHidden] = useQueryState(HIDE_KEY, parser);
  const visibility = useMemo<Visibility>(() => Object.fromEntries(hidden.map((c) => [c, false])), [hidden]);
  const onVisibilityChange = useCallback(
    (updater: Visibility | ((old: Visibility) => Visibility)) => {
      const next = typeof updater === "function" ? updater(visibility) : updater;
      const off = columns.filter((c) => next[c] === false);
      void setHidden(off.length ? off : null);
    },
    [columns, setHidden, visibility],
  );
  return { hidden, visibility, onVisibilityChange };
}
