import { AppShell } from "@/components/shell/app-shell";
import { requirePageMember } from "@/lib/auth/session";
import { getConfig } from "@/lib/config";

// The shell's check. Not the only one: an RSC navigation between dashboard pages does not render
// this layout again, so every page, its generateMetadata and the loaders they call check the
// member themselves (e2e/page-access.spec.ts sends such navigations to every page).
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const member = await requirePageMember();
  return (
    <AppShell demoMode={getConfig().demoMode} user={{ name: member.name, email: member.email, role: member.role }}>
      {children}
    </AppShell>
  );
}
