import type { Metadata } from "next";
import { requireSession } from "@/auth/session";
import { isOperator } from "@/core/users/is-operator";
import { getRuntime } from "@/runtime";
import { DashboardShell } from "./dashboard-shell";

export const metadata: Metadata = { title: "Dashboard", robots: { index: false } };

export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const session = await requireSession();
  // Only operators (ADMIN_EMAILS) see the Admin link; the screen itself checks again.
  const operator = isOperator(getRuntime().env.ADMIN_EMAILS, session.user.email);
  return (
    <DashboardShell email={session.user.email} operator={operator}>
      {children}
    </DashboardShell>
  );
}
