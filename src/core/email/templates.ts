import { PRODUCT_NAME } from "@/lib/brand";
import { renderEmail, type RenderedEmail } from "./render-email";

/**
 * Every email the product sends (docs/product.md §1, §7): each returns a subject, an HTML body and its plain-text alternative.
 */

export function welcomeEmail(p: { appUrl: string; name?: string | null }): RenderedEmail {
  return renderEmail({
    subject: `Welcome to ${PRODUCT_NAME}`,
    preview: "Publish your first Notion page in a minute.",
    blocks: [
      { kind: "heading", text: `Welcome to ${PRODUCT_NAME}${p.name ? `, ${p.name}` : ""}!` },
      { kind: "paragraph", text: "Share a Notion page to the web, paste its link, and it becomes a fast website: a blog, a changelog, a roadmap, docs or a help desk." },
      { kind: "button", label: "Create your first site", url: `${p.appUrl}/new-site` },
      { kind: "paragraph", text: "Reply to this email if anything is unclear — a person reads every answer." },
    ],
  });
}

export function magicLinkEmail(p: { url: string; host: string }): RenderedEmail {
  return renderEmail({
    subject: `Sign in to ${PRODUCT_NAME}`,
    preview: "Your sign-in link, valid for 24 hours.",
    blocks: [
      { kind: "heading", text: `Sign in to ${PRODUCT_NAME}` },
      { kind: "paragraph", text: `Click the button to sign in to ${p.host}. The link works once and expires in 24 hours.` },
      { kind: "button", label: "Sign in", url: p.url },
    ],
    footer: [{ kind: "note", text: "If you did not ask for this email, you can ignore it: nobody can sign in without the link." }],
  });
}

/**
 * The double opt-in mail. Anyone can type any address into a subscribe form, so nothing in it is the owner's text
 * (security review, finding 4): a fixed subject, and the site named by its address on our domain or theirs.
 */
export function subscriberConfirmationEmail(p: { siteAddress: string; confirmUrl: string; accentColor?: string }): RenderedEmail {
  return renderEmail({
    subject: "Confirm your subscription",
    preview: "One click and you're subscribed.",
    accentColor: p.accentColor,
    blocks: [
      { kind: "heading", text: "Confirm your subscription" },
      { kind: "paragraph", text: `Someone — hopefully you — asked to get new posts from ${p.siteAddress} by email. Confirm with the button below.` },
      { kind: "button", label: "Confirm subscription", url: p.confirmUrl },
    ],
    footer: [{ kind: "note", text: `If you did not subscribe, ignore this email: you will not hear from us again. Sent by ${PRODUCT_NAME} on behalf of ${p.siteAddress}.` }],
  });
}

export function newPostEmail(p: { siteName: string; title: string; description: string; postUrl: string; unsubscribeUrl: string; accentColor?: string }): RenderedEmail {
  return renderEmail({
    subject: `${p.title} — ${p.siteName}`,
    preview: p.description || `A new post on ${p.siteName}`,
    accentColor: p.accentColor,
    blocks: [
      { kind: "note", text: `New on ${p.siteName}` },
      { kind: "heading", text: p.title },
      ...(p.description ? [{ kind: "paragraph" as const, text: p.description }] : []),
      { kind: "button", label: "Read the post", url: p.postUrl },
    ],
    footer: [
      { kind: "note", text: `You get this email because you subscribed to ${p.siteName}.` },
      { kind: "button", label: "Unsubscribe", url: p.unsubscribeUrl },
    ],
  });
}

export function cancellationReceivedEmail(p: { appUrl: string }): RenderedEmail {
  return renderEmail({
    subject: "We received your cancellation",
    blocks: [
      { kind: "heading", text: "Your cancellation is received" },
      { kind: "paragraph", text: `Thanks for telling us why you are leaving — it goes straight to the people who build ${PRODUCT_NAME}.` },
      { kind: "paragraph", text: "Your sites stay online; paid features stop at the end of the period you paid for." },
      { kind: "button", label: "Open your dashboard", url: `${p.appUrl}/dashboard` },
    ],
  });
}

export function cancellationReasonTeamEmail(p: { userEmail: string; reason: string; text: string; siteId?: string; subId?: string }): RenderedEmail {
  return renderEmail({
    subject: `Cancellation: ${p.reason} (${p.userEmail})`,
    blocks: [
      { kind: "heading", text: "A customer cancelled" },
      { kind: "paragraph", text: `Who: ${p.userEmail}` },
      { kind: "paragraph", text: `Reason: ${p.reason}` },
      ...(p.siteId ? [{ kind: "paragraph" as const, text: `Site: ${p.siteId}` }] : []),
      ...(p.subId ? [{ kind: "paragraph" as const, text: `Subscription: ${p.subId}` }] : []),
      { kind: "quote", text: p.text || "(no comment)" },
    ],
  });
}
