"use client";

import { renderQueryString, unstable_createAdapterProvider as createAdapterProvider, type unstable_UpdateUrlFunction as UpdateUrl } from "nuqs/adapters/custom";
import { usePathname, useSearchParams } from "next/navigation";
import { createElement, useCallback, useSyncExternalStore, type ReactNode } from "react";

// After a reload the router applies Back/Forward only once the page's server render answers, so lists read the browser's URL.

const listeners = new Set<() => void>();
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
  const pathname = usePathname();
  const routerParams = useSearchParams() as URLSearchParams;
  // While a link leads to another page, the browser's URL is still the old page's until commit.
  const snapshot = useCallback(() => (location.pathname === pathname ? locationParams() : routerParams), [pathname, routerParams]);
  const searchParams = useSyncExternalStore(subscribe, snapshot, () => routerParams);
  return { searchParams, updateUrl };
}

const Adapter = createAdapterProvider(useLocationSearch);

export function LocationAdapter({ children }: { children: ReactNode }) {
  return createElement(Adapter, null, children);
}
