import type { Metadata } from "next";
import { requireSession } from "@/auth/session";
import { getRuntime } from "@/runtime";
import { AccountScreen } from "./account-screen";

export const metadata: Metadata = { title: "Account" };

export default async function AccountPage() {
  const session = await requireSession();
  return <AccountScreen email={session.user.email} billing={getRuntime().env.billingEnabled} />;
}
