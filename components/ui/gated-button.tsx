"use client";

import Link from "next/link";
import { useId } from "react";
import { buttonClass } from "@/components/ui/styles";

type Variant = keyof typeof buttonClass;

/** An unavailable action stays on screen, focusable and aria-disabled, with its reason as description, instead of hiding. */
export function GatedButton({
  disabledReason,
  href,
  onClick,
  variant = "secondary",
  showReason = true,
  testId,
  pending,
  children,
}: {
  disabledReason?: string | null;
  href?: string;
  onClick?: () => void;
  variant?: Variant;
  /** False when the reason is already on screen nearby (it is still the tooltip and description). */
  showReason?: boolean;
  testId?: string;
  pending?: boolean;
  children: React.ReactNode;
}) {
  const reasonId = useId();
  const className = buttonClass[variant];
  if (!disabledReason && href) {
    return (
      <Link href={href} className={className} data-testid={testId}>
        {children}
      </Link>
    );
  }
  if (!disabledReason) {
    return (
      <button type="button" className={className} data-testid={testId} onClick={onClick} disabled={pending} aria-busy={pending || undefined}>
        {children}
      </button>
    );
  }
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button type="button" className={className} data-testid={testId} aria-disabled="true" aria-describedby={reasonId} title={disabledReason}>
        {children}
      </button>
      <span id={reasonId} className={showReason ? "max-w-60 text-xs text-slate-700 dark:text-slate-300" : "sr-only"}>
        {disabledReason}
      </span>
    </span>
  );
}
