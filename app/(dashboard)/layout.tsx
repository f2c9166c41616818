import { AppShell } from "@/components/shell/app-shell";
import { SignOutButton } from "@/components/shell/sign-out-button";
import { requirePageMember } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";

// Every dashboard page is behind this check (proxy.ts only redirects anonymous visitors).
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const member = await requirePageMember();
  return (
    <AppShell demoMode={getConfig().demoMode} user={member} userMenu={<SignOutButton />}>
      {children}
    </AppShell>
  );
}
