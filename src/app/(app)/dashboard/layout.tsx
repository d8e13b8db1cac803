import type { Metadata } from "next";
import { requireSession } from "@/auth/session";
import { DashboardShell } from "./dashboard-shell";

export const metadata: Metadata = { title: "Dashboard", robots: { index: false } };

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  return <DashboardShell email={session.user.email}>{children}</DashboardShell>;
}
