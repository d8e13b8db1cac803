import type { Metadata } from "next";
import { requireSession } from "@/auth/session";
import { findSiteInvitation, INVITATION_GONE } from "@/core/teams/accept-site-invitation";
import { parseSiteSettings } from "@/core/sites/site-settings";
import { getRuntime } from "@/runtime";
import { AcceptInvitation } from "./accept-invitation";

export const metadata: Metadata = { title: "Invitation", robots: { index: false } };

/** Where an invitation email's link lands: signed in first (magic link or Google), then one click to join. */
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const session = await requireSession();
  const invitation = await findSiteInvitation(getRuntime().db, token);
  if (!invitation) {
    return (
      <div className="max-w-xl">
        <h1 className="text-2xl font-semibold">Invitation</h1>
        <p className="mt-3 text-neutral-300" data-testid="invitation-gone">
          {INVITATION_GONE}
        </p>
      </div>
    );
  }
  const siteName = parseSiteSettings(invitation.settings).name || invitation.subdomain;
  const sameAddress = invitation.email.toLowerCase() === session.user.email.toLowerCase();
  return (
    <div className="max-w-xl">
      <h1 className="text-2xl font-semibold">Join {siteName}</h1>
      <p className="mt-3 text-neutral-300">
        You were invited as <strong data-testid="invitation-role">{invitation.role}</strong>.
      </p>
      {sameAddress ? (
        <AcceptInvitation token={token} />
      ) : (
        <p className="mt-3 text-amber-300" role="alert">
          This invitation was sent to {invitation.email}, and you are signed in as {session.user.email}. Sign out, then sign in with {invitation.email} to accept it.
        </p>
      )}
    </div>
  );
}
