"use client";

import { MoreHorizontal } from "lucide-react";
import { lazy, Suspense, useSyncExternalStore } from "react";

// Radix's code (menu-panel.tsx) loads after the page, as lists hold one per row; until then the same button shows, disabled, so nothing moves.

export type MenuItem =
  | { kind: "link"; key: string; label: string; href: string }
  | { kind: "action"; key: string; label: string; onSelect: () => void; disabledReason?: string | null; tone?: "danger" };

export interface MenuButtonProps {
  label: string;
  items: MenuItem[];
  testId?: string;
  children?: React.ReactNode;
  triggerClassName?: string;
}

export const MENU_TRIGGER_CLASS =
  "inline-flex h-8 w-8 items-center justify-center rounded-md border border-slate-400 text-slate-800 hover:bg-slate-100 disabled:cursor-progress dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800 max-sm:h-11 max-sm:w-11";

const MenuPanel = lazy(() => import("@/components/ui/menu-panel").then((m) => ({ default: m.MenuPanel })));

export function MenuButton(props: MenuButtonProps) {
  const placeholder = (
    <button type="button" disabled aria-label={props.label} data-testid={props.testId} className={props.triggerClassName ?? MENU_TRIGGER_CLASS}>
      {props.children ?? <MoreHorizontal className="h-4 w-4" aria-hidden="true" />}
    </button>
  );
  return (
    <AfterMount placeholder={placeholder}>
      <MenuPanel {...props} />
    </AfterMount>
  );
}

/** The lazy panel once mounted; its placeholder on the server, in hydration and while the panel's code loads. */
export function AfterMount({ placeholder, children }: { placeholder: React.ReactNode; children: React.ReactNode }) {
  const mounted = useMounted();
  return mounted ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

/** False on the server and in the first render on the client (hydration sees the server's placeholder). */
function useMounted(): boolean {
  return useSyncExternalStore(noSubscription, clientSnapshot, serverSnapshot);
}

const noSubscription = () => () => {};
const clientSnapshot = () => true;
const serverSnapshot = () => false;
