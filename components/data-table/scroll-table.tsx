"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { tableWrapClass } from "@/components/ui/styles";

// A hand-written table's box on narrow screens: the table keeps a readable width and scrolls inside this box (never
// the page), with its first column pinned so that each row stays named while the rest slides under it. While the
// box scrolls it is a named, focusable region, so that a keyboard can scroll it too. It is the containing block of
// what is positioned inside (visually hidden texts), which would otherwise widen the page from outside the box.

const STICKY_FIRST_COLUMN = [
  "max-sm:[&>table>*>tr>*:first-child:not([colspan])]:sticky",
  "max-sm:[&>table>*>tr>*:first-child:not([colspan])]:left-0",
  "max-sm:[&>table>*>tr>*:first-child:not([colspan])]:z-[1]",
  "max-sm:[&>table>tbody>tr>*:first-child:not([colspan])]:bg-white",
  "dark:max-sm:[&>table>tbody>tr>*:first-child:not([colspan])]:bg-slate-900",
  "max-sm:[&>table>thead>tr>*:first-child]:bg-slate-50",
  "dark:max-sm:[&>table>thead>tr>*:first-child]:bg-slate-800",
  "max-sm:[&>table>*>tr>*:first-child:not([colspan])]:shadow-[1px_0_0_0_var(--color-slate-200)]",
  "dark:max-sm:[&>table>*>tr>*:first-child:not([colspan])]:shadow-[1px_0_0_0_var(--color-slate-700)]",
].join(" ");

export function ScrollTable({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      role={scrolls ? "region" : undefined}
      aria-label={scrolls ? label : undefined}
      tabIndex={scrolls ? 0 : undefined}
      className={`relative ${tableWrapClass} ${STICKY_FIRST_COLUMN} ${className}`}
    >
      {children}
    </div>
  );
}
