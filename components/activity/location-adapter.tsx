"use client";

import { renderQueryString, unstable_createAdapterProvider as createAdapterProvider, type unstable_UpdateUrlFunction as UpdateUrl } from "nuqs/adapters/custom";
import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";

// Back and Forward after a reload wait for the router's server render of the page (seconds on a
// busy machine), so the list reads the browser's URL itself and follows history at once.

const listeners = new Set<() => void>();
const ServerSearch = createContext("");
let current = { search: "", params: new URLSearchParams() };

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener("popstate", onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("popstate", onChange);
  };
}

function locationParams(): URLSearchParams {
  if (current.search !== location.search) current = { search: location.search, params: new URLSearchParams(location.search) };
  return current.params;
}

const updateUrl: UpdateUrl = (search, options) => {
  const url = `${location.pathname}${renderQueryString(search)}${location.hash}`;
  // No state of ours: the router copies its own into the entry and follows the URL.
  (options.history === "push" ? history.pushState : history.replaceState).call(history, null, "__nuqs__", url);
  for (const onChange of listeners) onChange();
  if (options.scroll) window.scrollTo(0, 0);
};

function useLocationSearch() {
  const server = useContext(ServerSearch);
  const serverParams = useMemo(() => new URLSearchParams(server), [server]);
  const searchParams = useSyncExternalStore(subscribe, locationParams, () => serverParams);
  return { searchParams, updateUrl };
}

const Adapter = createAdapterProvider(useLocationSearch);

/** nuqs state from the browser's URL; `search` is the query the server rendered. */
export function LocationAdapter({ search, children }: { search: string; children: ReactNode }) {
  return createElement(ServerSearch.Provider, { value: search }, createElement(Adapter, null, children));
}
