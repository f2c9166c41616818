"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { DialogProps } from "@/components/ui/dialog-panel";

// The dialog's Radix code (focus trap, scroll lock, layers) loads when a dialog first opens, not
// with the page: the shell's shortcut sheet and most pages' confirmations hold one that may never open.
const DialogPanel = dynamic(() => import("@/components/ui/dialog-panel").then((m) => m.DialogPanel), { ssr: false });

/**
 * A modal on Radix's dialog (focus trapped and returned, the page hidden from assistive technology,
 * Escape closes); content mounts only while open, so each opening starts fresh. A click outside
 * does not close it: the choices are its buttons and Escape.
 */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? <DialogPanel {...props} /> : null;
}

export function DialogActions({ children }: { children: React.ReactNode }) {
  return <div className="mt-6 flex flex-wrap justify-end gap-2">{children}</div>;
}
