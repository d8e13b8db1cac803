import { PRODUCT_NAME } from "@/lib/brand";
import type { Env } from "@/env";

/**
 * The website's footer links an open-source, self-hostable product owes its visitors: its source and the
 * instance's Terms, Privacy and Contact. An operator points them at their own pages (TERMS_URL, PRIVACY_URL,
 * CONTACT_URL) or edits the default pages below.
 */

/** The project's repository, shown when APP_SOURCE_URL is unset (a link only: nothing is fetched from it). */
export const DEFAULT_SOURCE_URL = "https://github.com/pagewright/pagewright";

export type SiteLinks = { source: string; terms: string; privacy: string; contact: string };

export function siteLinksOf(env: Pick<Env, "APP_SOURCE_URL" | "TERMS_URL" | "PRIVACY_URL" | "CONTACT_URL">): SiteLinks {
  return {
    source: env.APP_SOURCE_URL ?? DEFAULT_SOURCE_URL,
    terms: env.TERMS_URL ?? "/terms",
    privacy: env.PRIVACY_URL ?? "/privacy",
    contact: env.CONTACT_URL ?? "/contact",
  };
}

export type LegalPage = { path: string; title: string; description: string; sections: { heading: string; text: string }[] };

export const LEGAL_PAGES: LegalPage[] = [
  {
    path: "/terms",
    title: "Terms of use",
    description: `The terms for using this ${PRODUCT_NAME} instance.`,
    sections: [
      { heading: "The service", text: `This instance of ${PRODUCT_NAME} publishes public Notion pages that you choose as websites. You keep every right to your content; we only copy it to show your site.` },
      { heading: "Your content", text: "You are responsible for what your sites publish. Do not publish content that is unlawful, infringes others' rights, or attacks other people or systems: such sites are paused." },
      { heading: "Plans and payment", text: "Free sites stay free. Paid plans renew each month or year until you cancel; cancelling keeps the plan until the end of the period paid for." },
      { heading: "No warranty", text: "The service is provided as it is. We work to keep it fast and available but cannot promise it never fails." },
    ],
  },
  {
    path: "/privacy",
    title: "Privacy",
    description: `What this ${PRODUCT_NAME} instance stores about owners and visitors.`,
    sections: [
      { heading: "Owners", text: "Your email address (to sign you in), your sites' settings and a copy of the Notion pages they publish." },
      { heading: "Visitors of published sites", text: "No cookies. Page feedback, subscriptions (an email address you confirm) and chatbot questions are stored for the site's owner. Analytics load only when the owner adds them." },
      { heading: "Deleting your data", text: "Deleting a site removes its copy of your pages; deleting your account removes everything about you." },
    ],
  },
  {
    path: "/contact",
    title: "Contact",
    description: `How to reach the team behind this ${PRODUCT_NAME} instance.`,
    sections: [
      { heading: "Questions and support", text: "Write to the team at the address below. For the software itself, see its source code and issue tracker." },
    ],
  },
];
