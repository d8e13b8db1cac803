import type { Metadata } from "next";
import { requireSession } from "@/auth/session";
import { isSiteType } from "@/lib/site-types";
import { getRuntime } from "@/runtime";
import { NewSiteForm } from "./new-site-form";
import { AppHeader } from "@/components/app-header";
import { notionOAuthErrorMessage } from "@/core/notion-connections/notion-oauth-errors";

export const metadata: Metadata = { title: "Create a site", robots: { index: false } };

/** docs/product.md §2 /new-site: the site-creation flow. No marketing widgets are loaded here. `?siteType=` preselects a type. */
export default async function NewSitePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireSession();
  const params = await searchParams;
  const requested = params.siteType;
  const text = (v: string | string[] | undefined) => (typeof v === "string" && v ? v.slice(0, 300) : undefined);
  return (
    <div className="min-h-screen bg-neutral-50 text-neutral-900">
      <AppHeader signedIn />
      <main className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <h1 className="text-2xl font-semibold sm:text-3xl">Create a site</h1>
        <p className="mt-2 text-neutral-600">Pick what you are building, paste your public Notion page or connect a private one, choose an address.</p>
        <NewSiteForm
          initialSiteType={isSiteType(requested) ? requested : undefined}
          initialConnectionId={text(params.connection)}
          connectionError={notionOAuthErrorMessage(text(params.connectionError))}
          notionOAuth={getRuntime().env.notionOAuthEnabled}
          appsDomain={getRuntime().env.APPS_DOMAIN}
        />
      </main>
    </div>
  );
}
