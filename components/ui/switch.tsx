"use client";

import * as SwitchPrimitive from "@radix-ui/react-switch";

/** Radix's switch (role="switch"): an on/off setting that takes effect at once. */
export function Switch({ className = "", ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={`peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-slate-400 transition-colors data-[state=checked]:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-slate-600 ${className}`}
      {...props}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block h-5 w-5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
    </SwitchPrimitive.Root>
  );
}
