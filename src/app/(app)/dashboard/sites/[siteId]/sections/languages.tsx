"use client";

import { useEffect, useState } from "react";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Panel, TextField } from "@/components/fields";
import { FieldErrors } from "@/components/field-errors";
import { SITE_LANGUAGES } from "@/lib/i18n/languages";
import { useSave } from "./use-save";

type LanguageState = { language: string; notionPageUrl: string; state: "synced" | "syncing" | "unreadable"; pages: number };

const STATE_TEXT = {
  synced: (pages: number) => `Synced · ${pages} ${pages === 1 ? "page" : "pages"}`,
  syncing: () => "Syncing…",
  unreadable: () => "Notion doesn't let us read this page: share it again (it is hidden meanwhile)",
} as const;

/** A language's English name for the dashboard ("Japanese"), with its tag. */
const nameOf = (tag: string) => `${new Intl.DisplayNames(["en"], { type: "language" }).of(tag) ?? tag} (${tag})`;

/**
 * The site in other languages (docs/languages.md): each is the same page tree in that language, its own Notion page,
 * served under /<language>/ with a switcher. Adding checks the page and syncs it; the list polls until it is synced.
 */
export function LanguagesSection({ site }: { site: SiteOverview }) {
  const [languages, setLanguages] = useState<LanguageState[] | null>(null);
  const [language, setLanguage] = useState("");
  const [notionPageUrl, setNotionPageUrl] = useState("");
  const saving = useSave();

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      void siteRpc.call("getSiteLanguages", { siteId: site.siteId }).then(
        (result) => {
          if (stopped) return;
          setLanguages(result.languages);
          // Until every language is read, ask again in a moment (a sync of a new language runs in the background).
          if (result.languages.some((l) => l.state === "syncing")) timer = setTimeout(load, 2000);
        },
        () => undefined,
      );
    load();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [site.siteId, site.settings.languages.length]);

  const own = site.settings.language;
  return (
    <Panel
      title="Languages"
      description={`The site in other languages: for each, the same pages in that language as their own Notion page tree. They are served under /<language>/, with a language switcher that keeps readers on the same page. The site's own language: ${own ? nameOf(own) : "detected from its content"}.`}
    >
      {languages === null ? <p className="text-sm text-neutral-400">Loading…</p> : null}
      {languages?.length === 0 ? <p className="text-sm text-neutral-400">One language: the site&apos;s own.</p> : null}
      {languages?.length ? (
        <ul className="divide-y divide-neutral-200 rounded-md border border-neutral-200 dark:divide-neutral-800 dark:border-neutral-800" aria-label="Languages">
          {languages.map((l) => (
            <li key={l.language} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
              <span>
                <strong>{nameOf(l.language)}</strong> <span className="text-neutral-500">/{l.language}/</span>
                <br />
                <span className={l.state === "unreadable" ? "text-red-600" : "text-neutral-500"} data-state={l.state}>
                  {STATE_TEXT[l.state](l.pages)}
                </span>
              </span>
              <Button
                variant="secondary"
                aria-label={`Remove ${nameOf(l.language)}`}
                loading={saving.pending}
                onClick={() => void saving.save(() => siteRpc.call("removeSiteLanguage", { siteId: site.siteId, language: l.language }), "Language removed")}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <FieldErrors value={saving.errors}>
        <div className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          <div className="block text-sm">
            {/* A label apart from the select: inside it, the selected option would become part of the select's name. */}
            <label htmlFor="new-language" className="mb-1 block font-medium">
              Language
            </label>
            <select id="new-language" className="w-full rounded-md border border-neutral-300 bg-transparent px-2 py-2 dark:border-neutral-700" value={language} onChange={(e) => setLanguage(e.target.value)}>
              <option value="">Choose…</option>
              {SITE_LANGUAGES.filter((tag) => tag !== own && !languages?.some((l) => l.language === tag)).map((tag) => (
                <option key={tag} value={tag}>
                  {nameOf(tag)}
                </option>
              ))}
            </select>
          </div>
          <TextField label="Its Notion page" field="notionPageUrl" placeholder="https://www.notion.so/…" value={notionPageUrl} onChange={(e) => setNotionPageUrl(e.target.value.trim())} />
          <Button
            loading={saving.pending}
            disabled={!language || !notionPageUrl}
            onClick={() =>
              void saving.save(() => siteRpc.call("addSiteLanguage", { siteId: site.siteId, language, notionPageUrl }), "Language added: syncing its pages").then((done) => {
                if (done === undefined) return;
                setLanguage("");
                setNotionPageUrl("");
              })
            }
          >
            Add language
          </Button>
        </div>
      </FieldErrors>
    </Panel>
  );
}
