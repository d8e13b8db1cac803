"use client";

import { useCallback, useEffect, useState } from "react";
import { useRouter } from "next/navigation";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { MEMBER_ROLES, roleAllows, type MemberRole, type SiteRole } from "@/lib/site-roles";
import { siteRpc } from "@/rpc/client";
import type { ResultOf } from "@/rpc/method";
import type { siteMethods } from "@/rpc/site-methods";
import { Button } from "@/components/button";
import { Panel, SelectField, TextField } from "@/components/fields";
import { useSave } from "./use-save";

type Team = ResultOf<typeof siteMethods, "listSiteMembers">;
const ROLE_OPTIONS = MEMBER_ROLES.map((r) => ({ value: r, label: r[0]!.toUpperCase() + r.slice(1) }));

/** The site's people: invite (admins), change roles and remove (admins), leave (members), hand the site over (owner). */
export function MembersSection({ site, role, userId }: { site: SiteOverview; role: SiteRole; userId: string }) {
  const [team, setTeam] = useState<Team | null>(null);
  const [email, setEmail] = useState("");
  const [inviteRole, setInviteRole] = useState<MemberRole>("editor");
  const saving = useSave();
  const router = useRouter();
  const manages = roleAllows(role, "admin");
  const reload = useCallback(() => void siteRpc.call("listSiteMembers", { siteId: site.siteId }).then(setTeam, () => setTeam(null)), [site.siteId]);
  useEffect(reload, [reload]);
  const act = async (call: () => Promise<unknown>, success: string): Promise<boolean> => {
    const done = (await saving.save(call, success)) !== undefined;
    if (done) reload();
    return done;
  };
  const offer = team?.ownershipOffer;

  return (
    <Panel title="Members" description="The people who run this site with you. Viewers read the dashboard and analytics; editors also change content settings, versions, redirects and ideas; admins everything but billing and deleting, and members.">
      {offer && offer.toUserId === userId ? (
        <div role="status" className="rounded-md border border-amber-600 p-3 text-sm" data-testid="ownership-offer">
          <p>The owner offered you this site. Accept to become its owner; they stay on as an admin.</p>
          <div className="mt-2">
            <Button onClick={() => void act(() => siteRpc.call("acceptSiteOwnership", { siteId: site.siteId }), "You own this site now")}>Accept ownership</Button>
          </div>
        </div>
      ) : null}
      <ul className="divide-y divide-neutral-800 text-sm" data-testid="member-list">
        {(team?.members ?? []).map((m) => (
          <li key={m.userId} className="flex flex-wrap items-center gap-2 py-2" data-testid="member">
            <span className="min-w-0 flex-1 break-all">
              {m.email}
              {m.userId === userId ? <span className="text-neutral-400"> (you)</span> : null}
            </span>
            {m.role === "owner" || !manages || m.userId === userId ? (
              <span className="rounded-full bg-neutral-800 px-2 py-0.5 text-xs" data-testid="member-role">
                {m.role}
              </span>
            ) : (
              <label className="text-xs">
                <span className="sr-only">Role of {m.email}</span>
                <select
                  className="rounded-md border border-neutral-700 bg-neutral-900 px-2 py-1"
                  value={m.role}
                  data-testid="member-role-select"
                  onChange={(e) => void act(() => siteRpc.call("updateSiteMember", { siteId: site.siteId, userId: m.userId, role: e.target.value as MemberRole }), "Role changed")}
                >
                  {ROLE_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {manages && m.role !== "owner" && m.userId !== userId ? (
              <Button variant="secondary" aria-label={`Remove ${m.email}`} onClick={() => void act(() => siteRpc.call("removeSiteMember", { siteId: site.siteId, userId: m.userId }), "Member removed")}>
                Remove
              </Button>
            ) : null}
            {role === "owner" && m.role !== "owner" ? (
              <Button
                variant="secondary"
                aria-label={`Offer the site to ${m.email}`}
                onClick={() => void act(() => siteRpc.call("transferSiteOwnership", { siteId: site.siteId, userId: offer?.toUserId === m.userId ? null : m.userId }), offer?.toUserId === m.userId ? "Offer withdrawn" : "Offer sent")}
              >
                {offer?.toUserId === m.userId ? "Withdraw offer" : "Make owner"}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {team && team.invitations.length > 0 ? (
        <div className="flex flex-col gap-1 text-sm">
          <p className="font-medium">Invited</p>
          {team.invitations.map((i) => (
            <p key={i.invitationId} className="flex flex-wrap items-center gap-2" data-testid="invitation">
              <span className="flex-1 break-all">
                {i.email} <span className="text-neutral-400">as {i.role}, until {new Date(i.expiresAt).toLocaleDateString()}</span>
              </span>
              {manages ? (
                <Button variant="secondary" onClick={() => void act(() => siteRpc.call("revokeSiteInvitation", { siteId: site.siteId, invitationId: i.invitationId }), "Invitation withdrawn")}>
                  Withdraw
                </Button>
              ) : null}
            </p>
          ))}
        </div>
      ) : null}
      {manages ? (
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void act(() => siteRpc.call("inviteSiteMember", { siteId: site.siteId, email, role: inviteRole }), "Invitation sent").then((sent) => sent && setEmail(""));
          }}
        >
          <TextField label="Email" type="email" placeholder="teammate@example.com" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} />
          <SelectField label="Role" value={inviteRole} options={ROLE_OPTIONS} onChange={setInviteRole} />
          <Button type="submit" loading={saving.pending} disabled={!email.trim()}>
            Invite
          </Button>
        </form>
      ) : null}
      {role !== "owner" ? (
        <div>
          <Button variant="secondary" onClick={() => void act(() => siteRpc.call("leaveSite", { siteId: site.siteId }), "You left the site").then((left) => left && router.push("/dashboard"))}>
            Leave this site
          </Button>
        </div>
      ) : null}
    </Panel>
  );
}
