"use client";

import { ThemeProvider } from "next-themes";
import { LocationAdapter } from "@/lib/list/location-adapter";
import { Toaster } from "@/components/ui/toast";

export function Providers({ children, nonce }: { children: React.ReactNode; nonce?: string }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <LocationAdapter>
        {children}
        <Toaster closeButton position="top-right" />
      </LocationAdapter>
    </ThemeProvider>
  );
}
