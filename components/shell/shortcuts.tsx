"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Fragment, useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Dialog, DialogActions } from "@/components/ui/dialog";
import { buttonClass } from "@/components/ui/styles";
import { IDLE, SHORTCUT_LIST, isTypingTarget, readKey, type SequenceState, type ShortcutAction } from "@/lib/rules/shortcuts";

const FIELD = "input, select, textarea";

/** Pages mark their search box, or the form whose first field it is, with data-shortcut-search. */
function focusPageSearch(): boolean {
  const marked = document.querySelector<HTMLElement>("[data-shortcut-search]");
  const field = marked?.matches(FIELD) ? marked : marked?.querySelector<HTMLElement>(FIELD);
  field?.focus();
  return Boolean(field);
}

export function Shortcuts({ canCreateWarehouse }: { canCreateWarehouse: boolean }) {
  const t = useTranslations("shortcuts");
  const tWarehouses = useTranslations("warehouses");
  const router = useRouter();
  const [helpOpen, setHelpOpen] = useState(false);
  const sequence = useRef<SequenceState>(IDLE);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const act = (action: ShortcutAction): boolean => {
      if (action.kind === "go") router.push(action.href);
      else if (action.kind === "search") return focusPageSearch();
      else if (action.kind === "help") {
        returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setHelpOpen(true);
      } else if (canCreateWarehouse) router.push("/warehouses/new");
      else toast.info(tWarehouses("reasons.writeRole"));
      return true;
    };
    const onKeyDown = (e: KeyboardEvent) => {
      // An open dialog (this sheet included) owns the keyboard; a handled key is someone else's.
      if (e.defaultPrevented || e.repeat || document.querySelector("dialog[open]")) return;
      const typing = isTypingTarget(e.target instanceof HTMLElement ? e.target : null);
      const read = readKey(sequence.current, { key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, typing }, Date.now());
      sequence.current = read.state;
      if (read.action && act(read.action)) e.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [router, canCreateWarehouse, tWarehouses]);

  const close = () => {
    setHelpOpen(false);
    returnFocus.current?.focus();
  };

  return (
    <Dialog open={helpOpen} title={t("title")} description={t("description")} onClose={close} testId="shortcuts-sheet" size="md">
      <table className="mt-4 w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th scope="col">{t("keysLabel")}</th>
            <th scope="col">{t("actionLabel")}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUT_LIST.map(({ keys, label }) => (
            <tr key={label} className="border-b border-slate-200 last:border-0 dark:border-slate-700">
              <td className="py-2 pr-4 whitespace-nowrap">
                {keys.map((key, i) => (
                  <Fragment key={key}>
                    {i > 0 ? <span className="text-slate-600 dark:text-slate-300"> {t("then")} </span> : null}
                    <kbd className="rounded border border-slate-300 bg-slate-100 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-800">{key}</kbd>
                  </Fragment>
                ))}
              </td>
              <td className="py-2">{t(label)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <DialogActions>
        <button type="button" className={buttonClass.secondary} onClick={close}>
          {t("close")}
        </button>
      </DialogActions>
    </Dialog>
  );
}
