"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Command } from "cmdk";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useTheme } from "next-themes";
import { useRef, useState, useTransition } from "react";
import { useProblemText } from "@/components/ui/use-problem-text";
import { can } from "@/lib/auth/roles";
import { signOutAction } from "@/lib/auth/actions";
import { ACTION_TARGETS, matchingActions, matchingCommands, matchingPages, pageHref, pagesFor, type ActionKey, type CommandKey } from "@/lib/palette/items";
import { browserStorage as storage, forgetPalette } from "@/lib/palette/forget";
import { orderHref, orderIdInQuery } from "@/lib/palette/orders";
import { loadRecent, rememberRecent, type PageKey, type RecentItem } from "@/lib/palette/recent";
import { SEARCH_MAX } from "@/lib/rules/warehouse";
import type { ProblemError } from "@/lib/swr/fetcher";
import { useDebouncedValue, useWarehouseLookup } from "@/lib/warehouses/client";
import type { ListedWarehouse } from "@/lib/warehouses/schemas";
import { focusWhenShown } from "@/components/shell/focus-when-shown";

export type PaletteRole = "viewer" | "operator" | "admin";

export const SEARCH_DEBOUNCE_MS = 250;
const SEARCH_LIMIT = 10;

const itemClass =
  "group flex cursor-pointer items-start gap-3 rounded-md px-3 py-2 text-sm text-slate-900 data-[selected=true]:bg-brand-600 data-[selected=true]:text-white dark:text-slate-100 data-[disabled=true]:cursor-not-allowed";
const hintClass = "text-xs text-slate-700 group-data-[selected=true]:text-white dark:text-slate-300";
const groupClass =
  "py-1 [&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:py-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:text-slate-700 dark:[&_[cmdk-group-heading]]:text-slate-300";
const stateClass = "px-3 py-3 text-sm text-slate-700 dark:text-slate-300";

/** `member`: the signed-in member's email, whose recent items the palette shows and keeps. */
export function CommandPalette({ open, onOpenChange, role, member }: { open: boolean; onOpenChange: (open: boolean) => void; role: PaletteRole; member: string }) {
  const t = useTranslations("palette");
  // Opened by a key or an event, not a Radix trigger: Radix would give the focus to no one on close.
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <DialogPrimitive.Content
          data-testid="command-palette"
          data-palette=""
          onOpenAutoFocus={() => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (returnFocus.current?.isConnected) returnFocus.current.focus();
            returnFocus.current = null;
          }}
          className="fixed top-[10vh] left-1/2 z-50 w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 overflow-hidden rounded-lg border border-slate-300 bg-white text-slate-900 shadow-xl dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        >
          <DialogPrimitive.Title className="sr-only">{t("title")}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="sr-only">{t("description")}</DialogPrimitive.Description>
          <PaletteBody role={role} member={member} close={() => onOpenChange(false)} />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

type SearchState =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "error"; error: ProblemError }
  | { kind: "results"; items: ListedWarehouse[]; total: number };

function useWarehouseSearch(query: string): { state: SearchState; retry: () => void } {
  const term = query.trim();
  const debounced = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const { data, error, isLoading, isValidating, mutate } = useWarehouseLookup(debounced || null, SEARCH_LIMIT);
  const retry = () => void mutate();
  if (term === "") return { state: { kind: "idle" }, retry };
  if (debounced !== term || isLoading || (error && isValidating)) return { state: { kind: "loading" }, retry };
  if (error) return { state: { kind: "error", error }, retry };
  if (!data) return { state: { kind: "loading" }, retry };
  return { state: { kind: "results", items: data.items, total: data.total }, retry };
}

function PaletteBody({ role, member, close }: { role: PaletteRole; member: string; close: () => void }) {
  const t = useTranslations("palette");
  const tOrders = useTranslations("erpOrders.palette");
  const tWarehouses = useTranslations("warehouses");
  const tErp = useTranslations("erp");
  const tRoles = useTranslations("roles");
  const router = useRouter();
  const problemText = useProblemText();
  const [query, setQuery] = useState("");
  const [selected, setSelected] = useState("");
  const [recent, setRecent] = useState<RecentItem[]>(() => loadRecent(storage(), member));
  const { state: search, retry } = useWarehouseSearch(query);
  const { setTheme } = useTheme();
  const [, startTransition] = useTransition();

  const erpReason = can(role, "erp.run") ? null : tErp("permission.reason", { role: tRoles(role) });
  const reasons: Record<ActionKey, string | null> = {
    newWarehouse: can(role, "warehouse.write") ? null : tWarehouses("reasons.writeRole"),
    transfer: erpReason,
    importStock: erpReason,
    importPrices: erpReason,
    importProducts: erpReason,
  };

  const go = (href: string, remember?: RecentItem) => {
    if (remember) setRecent(rememberRecent(storage(), member, remember));
    close();
    router.push(href);
  };
  const openPage = (key: PageKey) => go(pageHref(key), { kind: "page", key });
  const openWarehouse = (w: Pick<ListedWarehouse, "id" | "name" | "code">) => go(`/warehouses/${w.id}`, { kind: "warehouse", id: w.id, name: w.name, code: w.code });
  const startAction = (key: ActionKey) => {
    const target = ACTION_TARGETS[key];
    go(target.href);
    if (target.focus) focusWhenShown(target.focus);
  };

  const runCommand = (key: CommandKey) => {
    close();
    if (key === "signOut") {
      forgetPalette(storage());
      startTransition(() => signOutAction());
    } else setTheme(key === "themeDark" ? "dark" : key === "themeLight" ? "light" : "system");
  };

  const term = query.trim();
  const pages = matchingPages(term, pagesFor(role), (key) => t(`pages.${key}`));
  const actions = matchingActions(term, (key) => t(`actions.${key}`));
  const commands = term === "" ? [] : matchingCommands(term, (key) => t(`commands.${key}`));
  const showRecent = term === "" && recent.length > 0;
  const orderId = orderIdInQuery(term);

  // The first item is selected until the person moves: results that arrive later take the top.
  const values: string[] = [];
  if (orderId) values.push("order-history");
  if (showRecent) values.push(...recent.map((r) => (r.kind === "warehouse" ? `recent-warehouse-${r.id}` : `recent-page-${r.key}`)));
  if (search.kind === "error") values.push("search-retry");
  if (search.kind === "results") {
    values.push(...search.items.map((w) => `warehouse-${w.id}`));
    if (search.total > search.items.length) values.push("search-all");
  }
  values.push(...actions.filter((key) => !reasons[key]).map((key) => `action-${key}`));
  values.push(...pages.map((p) => `page-${p.key}`));
  values.push(...commands.map((key) => `command-${key}`));
  const value = values.includes(selected) ? selected : (values[0] ?? "");

  const errorText = search.kind === "error" ? t("error", { reason: problemText(search.error) }) : "";
  const nothing = term !== "" && !orderId && search.kind === "results" && search.items.length === 0 && pages.length === 0 && actions.length === 0 && commands.length === 0;

  return (
    <Command label={t("inputLabel")} shouldFilter={false} loop value={value} onValueChange={setSelected} className="flex max-h-[70vh] flex-col">
      <div className="border-b border-slate-200 px-3 dark:border-slate-700">
        <Command.Input
          value={query}
          onValueChange={(next) => {
            setQuery(next);
            setSelected("");
          }}
          maxLength={SEARCH_MAX}
          placeholder={t("placeholder")}
          data-testid="palette-input"
          className="w-full bg-transparent py-3 text-base text-slate-900 outline-none placeholder:text-slate-600 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
      </div>
      <Command.List label={t("resultsLabel")} className="overflow-y-auto p-2" data-testid="palette-list">
        {nothing ? (
          <div className={stateClass} data-testid="palette-no-match">
            {t("noMatch", { query: term })}
          </div>
        ) : null}

        {orderId ? (
          <Command.Group heading={tOrders("group")} className={groupClass}>
            <Command.Item value="order-history" onSelect={() => go(orderHref(orderId))} className={itemClass} data-testid="palette-order">
              <span className="flex flex-col">
                <span className="font-medium">{tOrders("open", { orderId })}</span>
                <span className={hintClass}>{tOrders("hint")}</span>
              </span>
            </Command.Item>
          </Command.Group>
        ) : null}

        {showRecent ? (
          <Command.Group heading={t("groups.recent")} className={groupClass}>
            {recent.map((r) =>
              r.kind === "warehouse" ? (
                <Command.Item key={`w${r.id}`} value={`recent-warehouse-${r.id}`} onSelect={() => openWarehouse(r)} className={itemClass}>
                  <span>
                    {r.name} <span className={hintClass}>{t("warehouse.code", { code: r.code })}</span>
                  </span>
                </Command.Item>
              ) : (
                <Command.Item key={`p${r.key}`} value={`recent-page-${r.key}`} onSelect={() => openPage(r.key)} className={itemClass}>
                  {t(`pages.${r.key}`)}
                </Command.Item>
              ),
            )}
          </Command.Group>
        ) : null}

        {/* A search that found no warehouse leaves no heading behind: the no-match line speaks if nothing else matched. */}
        {search.kind === "loading" || search.kind === "error" || (search.kind === "results" && search.items.length > 0) ? (
          <Command.Group heading={t("groups.warehouses")} className={groupClass} data-testid="palette-warehouses">
            {search.kind === "loading" ? (
              <div className={stateClass} data-testid="palette-searching">
                {t("searching")}
              </div>
            ) : null}
            {search.kind === "error" ? (
              <Command.Item value="search-retry" onSelect={retry} className={itemClass} data-testid="palette-error">
                <span className="flex flex-col">
                  <span className="font-medium">{errorText}</span>
                  <span className={hintClass}>{t("retry")}</span>
                </span>
              </Command.Item>
            ) : null}
            {search.kind === "results"
              ? search.items.map((w) => (
                  <Command.Item key={w.id} value={`warehouse-${w.id}`} onSelect={() => openWarehouse(w)} className={itemClass} data-testid="palette-warehouse">
                    <span className="flex flex-col">
                      <span className="font-medium">{w.name}</span>
                      <span className={hintClass}>
                        {[
                          t("warehouse.code", { code: w.code }),
                          w.erpWarehouseId ? t("warehouse.erp", { erp: w.erpWarehouseId }) : t("warehouse.noErp"),
                          w.isDefault ? t("warehouse.default") : null,
                          w.isActive ? null : t("warehouse.passive"),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </span>
                  </Command.Item>
                ))
              : null}
            {search.kind === "results" && search.total > search.items.length ? (
              <Command.Item value="search-all" onSelect={() => go(`/warehouses?${new URLSearchParams({ q: term }).toString()}`)} className={itemClass}>
                {t("showAll", { count: search.total })}
              </Command.Item>
            ) : null}
          </Command.Group>
        ) : null}

        {actions.length > 0 ? (
          <Command.Group heading={t("groups.actions")} className={groupClass}>
            {actions.map((key) => {
              const reason = reasons[key];
              const hint = key.startsWith("import") ? t("actionHints.import") : null;
              return (
                <Command.Item key={key} value={`action-${key}`} disabled={reason !== null} onSelect={() => startAction(key)} className={itemClass} data-testid={`palette-action-${key}`}>
                  <span className="flex flex-col">
                    <span className="font-medium">{t(`actions.${key}`)}</span>
                    {reason ? <span className={hintClass}>{reason}</span> : hint ? <span className={hintClass}>{hint}</span> : null}
                  </span>
                </Command.Item>
              );
            })}
          </Command.Group>
        ) : null}

        {pages.length > 0 ? (
          <Command.Group heading={t("groups.pages")} className={groupClass}>
            {pages.map((p) => (
              <Command.Item key={p.key} value={`page-${p.key}`} onSelect={() => openPage(p.key)} className={itemClass}>
                {t(`pages.${p.key}`)}
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
        {commands.length > 0 ? (
          <Command.Group heading={t("groups.commands")} className={groupClass}>
            {commands.map((key) => (
              <Command.Item key={key} value={`command-${key}`} onSelect={() => runCommand(key)} className={itemClass} data-testid={`palette-command-${key}`}>
                {t(`commands.${key}`)}
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
      </Command.List>
      {/* The list may only hold options, so the states are announced from here. */}
      <div className="sr-only" aria-live="polite" data-testid="palette-status">
        {search.kind === "loading" ? t("searching") : search.kind === "error" ? errorText : nothing ? t("noMatch", { query: term }) : ""}
      </div>
    </Command>
  );
}
