import { AppShell } from "@/components/shell/app-shell";
import { getConfig } from "@/lib/config";

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  return <AppShell demoMode={getConfig().demoMode}>{children}</AppShell>;
}
