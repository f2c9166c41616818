"use client";

import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { Fragment, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import type { PaletteRole } from "@/components/shell/command-palette";
import { PlainTable } from "@/components/data-table/plain-table";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/styles";
import { OPEN_PALETTE_EVENT } from "@/lib/palette/items";
import { IDLE, SHORTCUT_LIST, isPaletteKey, isTypingTarget, readKey, type SequenceState, type ShortcutAction } from "@/lib/rules/shortcuts";

const FIELD = "input, select, textarea, [data-select-trigger]";
/** A native <dialog> or a Radix one (this sheet, the palette, menus' dialogs) owns the keyboard while open. */
const OPEN_DIALOG = "dialog[open], [role=dialog][data-state=open], [role=alertdialog][data-state=open]";

// Loaded on first use, so the palette and cmdk add nothing to a page's first load.
const CommandPalette = dynamic(() => import("@/components/shell/command-palette").then((m) => m.CommandPalette), { ssr: false });

/** Pages mark their search box, or the form whose first field it is, with data-shortcut-search. */
function focusPageSearch(): boolean {
  const marked = document.querySelector<HTMLElement>("[data-shortcut-search]");
  const field = marked?.matches(FIELD) ? marked : marked?.querySelector<HTMLElement>(FIELD);
  field?.focus();
  return Boolean(field);
}

export function Shortcuts({ canCreateWarehouse, role, member }: { canCreateWarehouse: boolean; role: PaletteRole; member: string }) {
  const t = useTranslations("shortcuts");
  const tPalette = useTranslations("palette");
  const [palette, setPalette] = useState<{ loaded: boolean; open: boolean }>({ loaded: false, open: false });
  const tWarehouses = useTranslations("warehouses");
  const router = useRouter();
  const [helpOpen, setHelpOpen] = useState(false);
  const sequence = useRef<SequenceState>(IDLE);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const act = (action: ShortcutAction): boolean => {
      if (action.kind === "palette") setPalette({ loaded: true, open: true });
      else if (action.kind === "go") router.push(action.href);
      else if (action.kind === "search") return focusPageSearch();
      else if (action.kind === "help") {
        returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setHelpOpen(true);
      } else if (canCreateWarehouse) router.push("/warehouses/new");
      else toast.info(tWarehouses("reasons.writeRole"));
      return true;
    };
    const onKeyDown = (e: KeyboardEvent) => {
      // An open dialog (this sheet and the palette included) owns the keyboard; a handled key is someone else's.
      if (e.defaultPrevented || e.repeat) return;
      const press = { key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey };
      const dialog = document.querySelector(OPEN_DIALOG);
      if (dialog) {
        // Ctrl/Cmd-K again closes the palette, as it opened it.
        if (isPaletteKey(press) && dialog.hasAttribute("data-palette")) {
          setPalette((p) => ({ ...p, open: false }));
          e.preventDefault();
        }
        return;
      }
      const typing = isTypingTarget(e.target instanceof HTMLElement ? e.target : null);
      const read = readKey(sequence.current, { ...press, typing }, Date.now());
      sequence.current = read.state;
      if (read.action && act(read.action)) e.preventDefault();
    };
    const onOpenPalette = () => setPalette({ loaded: true, open: true });
    document.addEventListener("keydown", onKeyDown);
    window.addEventListener(OPEN_PALETTE_EVENT, onOpenPalette);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      window.removeEventListener(OPEN_PALETTE_EVENT, onOpenPalette);
    };
  }, [router, canCreateWarehouse, tWarehouses]);

  const close = () => {
    setHelpOpen(false);
    returnFocus.current?.focus();
  };

  return (
    <>
      {palette.loaded ? <CommandPalette open={palette.open} onOpenChange={(open) => setPalette({ loaded: true, open })} role={role} member={member} /> : null}
      <Dialog open={helpOpen} title={t("title")} description={t("description")} onClose={close} testId="shortcuts-sheet" size="md">
        <PlainTable
          className="mt-4"
          hideHeader
          rows={SHORTCUT_LIST}
          rowKey={(row) => row.label}
          rowClassName="border-b border-slate-200 last:border-0 dark:border-slate-700"
          columns={[
            {
              id: "keys",
              header: t("keysLabel"),
              className: "whitespace-nowrap",
              cell: (row) =>
                row.keys.map((key, i) => (
                  <Fragment key={key}>
                    {i > 0 ? <span className="text-slate-600 dark:text-slate-300">{"chord" in row ? " + " : ` ${t("then")} `}</span> : null}
                    <kbd className="rounded border border-slate-300 bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">{key}</kbd>
                  </Fragment>
                )),
            },
            { id: "action", header: t("actionLabel"), cell: (row) => ("ns" in row ? tPalette(row.label) : t(row.label)) },
          ]}
        />
        <DialogActions>
          <button type="button" className={buttonClass.secondary} onClick={close}>
            {t("close")}
          </button>
        </DialogActions>
      </Dialog>
    </>
  );
}
