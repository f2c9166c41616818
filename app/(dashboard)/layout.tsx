import { AppShell } from "@/components/shell/app-shell";
import { requirePageMember } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";
import { transferHold } from "@/lib/hold/service";

// Not the only check: an RSC navigation skips this layout, so every page checks the member itself (e2e/page-access.spec.ts).
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const member = await requirePageMember();
  const hold = await transferHold();
  return (
    <AppShell demoMode={getConfig().demoMode} hold={hold} user={{ name: member.name, email: member.email, role: member.role }}>
      {children}
    </AppShell>
  );
}
