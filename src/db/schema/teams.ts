/** People who run a site together: members with a role, invitations by email, and an offer to take over ownership. */
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { SiteRole } from "@/lib/site-roles";
import { id, createdAt } from "./columns";
import { sites } from "./sites";
import { users } from "./users";

/** A member of a site besides its owner (the owner is `sites.owner_id`, never a row here). */
export const siteMembers = pgTable(
  "site_members",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<Exclude<SiteRole, "owner">>().notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.userId] }), index("site_members_user_idx").on(t.userId)],
);

/** An emailed invitation: only the SHA-256 of its link's token is kept; used once, then `accepted_at` is set. */
export const siteInvitations = pgTable(
  "site_invitations",
  {
    id: id(),
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").$type<Exclude<SiteRole, "owner">>().notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: text("accepted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("site_invitations_token_idx").on(t.tokenHash), index("site_invitations_site_idx").on(t.siteId)],
);

/** The owner's offer to hand the site to one member; it becomes the transfer when that member accepts. */
export const siteOwnershipOffers = pgTable("site_ownership_offers", {
  siteId: text("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  fromUserId: text("from_user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  toUserId: text("to_user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
