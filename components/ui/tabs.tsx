"use client";

import * as TabsPrimitive from "@radix-ui/react-tabs";

// Styled parts of Radix's tabs (arrow keys move between tabs; one panel shows at a time).

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className = "", ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return <TabsPrimitive.List className={`inline-flex flex-wrap items-center gap-1 rounded-md bg-slate-100 p-1 dark:bg-slate-800 ${className}`} {...props} />;
}

export function TabsTrigger({ className = "", ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={`inline-flex min-h-9 items-center justify-center rounded px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow dark:text-slate-200 dark:data-[state=active]:bg-slate-900 dark:data-[state=active]:text-slate-100 max-sm:min-h-11 ${className}`}
      {...props}
    />
  );
}

export function TabsContent({ className = "", ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={`mt-3 focus:outline-none ${className}`} {...props} />;
}
