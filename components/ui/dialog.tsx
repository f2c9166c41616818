"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import type { DialogProps } from "@/components/ui/dialog-panel";

// Radix's code loads when a dialog first opens: most pages hold one that may never open.
const DialogPanel = dynamic(() => import("@/components/ui/dialog-panel").then((m) => m.DialogPanel), { ssr: false });

/** Content mounts only while open, so each opening starts fresh; a click outside does not close it (the choices are its buttons and Escape). */
export function Dialog(props: DialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  return opened ? <DialogPanel {...props} /> : null;
}

export function DialogActions({ children }: { children: React.ReactNode }) {
  return <div className="mt-6 flex flex-wrap justify-end gap-2">{children}</div>;
}
