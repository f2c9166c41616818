"use client";

import { ChevronDown } from "lucide-react";
import { lazy, type ReactNode } from "react";
import { AfterMount } from "@/components/ui/menu";

// Radix's select (select-panel.tsx) loads after the page; until then the same button shows the chosen option, disabled.

export interface SelectOption {
  value: string;
  label: ReactNode;
  /** The text typeahead matches when the label is not plain text. */
  text?: string;
}

export interface SelectProps {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  className?: string;
  disabled?: boolean;
  name?: string;
  onBlur?: () => void;
  "aria-label"?: string;
  "aria-invalid"?: true | undefined;
  "aria-describedby"?: string | undefined;
  testId?: string;
  ref?: React.Ref<HTMLButtonElement>;
}

const SelectPanel = lazy(() => import("@/components/ui/select-panel").then((m) => ({ default: m.SelectPanel })));

export function Select(props: SelectProps) {
  const { id, className = "", testId, options, value } = props;
  const placeholder = (
    <button
      type="button"
      id={id}
      disabled
      data-select-trigger=""
      data-testid={testId}
      aria-label={props["aria-label"]}
      aria-describedby={props["aria-describedby"]}
      className={`inline-flex items-center justify-between gap-2 text-left disabled:cursor-progress ${className}`}
    >
      <span>{options.find((o) => o.value === value)?.label}</span>
      <ChevronDown className="h-4 w-4 shrink-0 opacity-70" aria-hidden="true" />
    </button>
  );
  return (
    <AfterMount placeholder={placeholder}>
      <SelectPanel {...props} />
    </AfterMount>
  );
}
