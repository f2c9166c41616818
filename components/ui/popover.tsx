"use client";

import { lazy } from "react";
import { AfterMount } from "@/components/ui/menu";
import { buttonClass } from "@/components/ui/styles";

// Radix's code (popover-panel.tsx) loads after the page; until then the same button shows, disabled.

export interface PopoverProps {
  label: React.ReactNode;
  panelLabel: string;
  testId?: string;
  children: React.ReactNode;
}

const PopoverPanel = lazy(() => import("@/components/ui/popover-panel").then((m) => ({ default: m.PopoverPanel })));

export function Popover(props: PopoverProps) {
  const placeholder = (
    <button type="button" disabled data-testid={props.testId} className={`${buttonClass.secondary} disabled:cursor-progress`}>
      {props.label}
    </button>
  );
  return (
    <AfterMount placeholder={placeholder}>
      <PopoverPanel {...props} />
    </AfterMount>
  );
}
