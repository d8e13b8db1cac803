"use client";

import { useState } from "react";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Panel, SelectField, TextArea, TextField } from "@/components/fields";
import { FieldErrors } from "@/components/field-errors";
import { SOCIAL_NETWORK_IDS, SOCIAL_NETWORKS, type SocialNetwork } from "@/lib/social-networks";
import { useSave } from "./use-save";

/** The site's header menu (links, one level of links under a link) and its footer, each saved with updateSite. */

type Link = { label: string; href: string };
type MenuItem = Link & { children?: Link[] };
type Footer = SiteOverview["settings"]["footer"];

const blank = (): Link => ({ label: "", href: "" });
const replaceAt = <T,>(list: T[], i: number, value: T) => list.map((v, j) => (j === i ? value : v));
const removeAt = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);

/** A label and an address side by side, with a Remove button; `field` is the row's path in the saved settings. */
function LinkRow({ name, field, link, onChange, onRemove, hint }: { name: string; field: string; link: Link; onChange: (l: Link) => void; onRemove: () => void; hint?: string }) {
  return (
    <div className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
      <TextField label={`${name} label`} field={`${field}.label`} value={link.label} maxLength={60} onChange={(e) => onChange({ ...link, label: e.target.value })} />
      <TextField label={`${name} address`} field={`${field}.href`} value={link.href} hint={hint} onChange={(e) => onChange({ ...link, href: e.target.value })} />
      <Button variant="secondary" onClick={onRemove} aria-label={`Remove ${name.toLowerCase()}`}>
        Remove
      </Button>
    </div>
  );
}

export function NavigationPanel({ site }: { site: SiteOverview }) {
  const [links, setLinks] = useState<MenuItem[]>(site.settings.navigation.map((l) => ({ ...l, children: l.children?.map((c) => ({ ...c })) })));
  const saving = useSave();
  return (
    <Panel title="Navigation" description="Links in the site's header: a page of the site (/path), another website (https://…) or an email (mailto:). Links added under a link make it a menu that opens on click, without JavaScript.">
      {links.length === 0 ? <p className="text-sm text-neutral-400">No links yet.</p> : null}
      <FieldErrors value={saving.errors}>
        {links.map((link, i) => (
          <div key={i} className="space-y-2">
            <LinkRow
              name={`Link ${i + 1}`}
              field={`navigation.${i}`}
              link={link}
              hint={link.children?.length ? "Not used: this link opens its menu." : undefined}
              onChange={(l) => setLinks((ls) => replaceAt(ls, i, { ...ls[i]!, ...l }))}
              onRemove={() => setLinks((ls) => removeAt(ls, i))}
            />
            <div className="space-y-2 border-l border-neutral-800 pl-4">
              {(link.children ?? []).map((child, j) => (
                <LinkRow
                  key={j}
                  name={`Link ${i + 1} menu item ${j + 1}`}
                  field={`navigation.${i}.children.${j}`}
                  link={child}
                  onChange={(c) => setLinks((ls) => replaceAt(ls, i, { ...ls[i]!, children: replaceAt(ls[i]!.children ?? [], j, c) }))}
                  onRemove={() => setLinks((ls) => replaceAt(ls, i, { ...ls[i]!, children: removeAt(ls[i]!.children ?? [], j) }))}
                />
              ))}
              <Button variant="secondary" disabled={(link.children?.length ?? 0) >= 10} onClick={() => setLinks((ls) => replaceAt(ls, i, { ...ls[i]!, children: [...(ls[i]!.children ?? []), blank()] }))}>
                Add a link under link {i + 1}
              </Button>
            </div>
          </div>
        ))}
      </FieldErrors>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={links.length >= 20} onClick={() => setLinks((ls) => [...ls, blank()])}>
          Add link
        </Button>
        <Button loading={saving.pending} onClick={() => void saving.save(() => siteRpc.call("updateSite", { siteId: site.siteId, settings: { navigation: links } }))}>
          Save navigation
        </Button>
      </div>
    </Panel>
  );
}

const NETWORKS = SOCIAL_NETWORK_IDS.map((id) => ({ value: id, label: SOCIAL_NETWORKS[id] }));
const BADGE_PLACES: { value: Footer["badgePlace"]; label: string }[] = [
  { value: "end", label: "At the end of the footer's last line" },
  { value: "start", label: "At the start of the footer's last line" },
];

export function FooterPanel({ site }: { site: SiteOverview }) {
  const [footer, setFooter] = useState<Footer>(() => structuredClone(site.settings.footer));
  const saving = useSave();
  const columns = footer.columns;
  const setColumns = (next: Footer["columns"]) => setFooter((f) => ({ ...f, columns: next }));
  return (
    <Panel title="Footer" description="Shown at the bottom of every page: up to four columns of links, a short text and your social profiles, above the line with © and the badge.">
      <FieldErrors value={saving.errors}>
        {columns.map((column, c) => (
          <fieldset key={c} className="space-y-2 rounded-lg border border-neutral-800 p-3">
            <legend className="px-1 text-sm font-medium text-neutral-200">Column {c + 1}</legend>
            <TextField label={`Column ${c + 1} title`} field={`footer.columns.${c}.title`} value={column.title} maxLength={60} onChange={(e) => setColumns(replaceAt(columns, c, { ...column, title: e.target.value }))} />
            {column.links.map((link, l) => (
              <LinkRow
                key={l}
                name={`Column ${c + 1} link ${l + 1}`}
                field={`footer.columns.${c}.links.${l}`}
                link={link}
                onChange={(next) => setColumns(replaceAt(columns, c, { ...column, links: replaceAt(column.links, l, next) }))}
                onRemove={() => setColumns(replaceAt(columns, c, { ...column, links: removeAt(column.links, l) }))}
              />
            ))}
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" disabled={column.links.length >= 10} onClick={() => setColumns(replaceAt(columns, c, { ...column, links: [...column.links, blank()] }))}>
                Add a link to column {c + 1}
              </Button>
              <Button variant="secondary" onClick={() => setColumns(removeAt(columns, c))}>
                Remove column {c + 1}
              </Button>
            </div>
          </fieldset>
        ))}
        <Button variant="secondary" disabled={columns.length >= 4} onClick={() => setColumns([...columns, { title: "", links: [] }])}>
          Add column
        </Button>
        <TextArea label="Footer text" hint="Up to 280 characters, such as an address or a line about you." value={footer.text} maxLength={280} onChange={(text) => setFooter((f) => ({ ...f, text }))} />
        {footer.social.map((profile, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
            <SelectField label={`Social profile ${i + 1}`} value={profile.network} options={NETWORKS} onChange={(network: SocialNetwork) => setFooter((f) => ({ ...f, social: replaceAt(f.social, i, { ...profile, network }) }))} />
            <TextField label={`Social profile ${i + 1} address`} field={`footer.social.${i}.url`} value={profile.url} placeholder="https://…" onChange={(e) => setFooter((f) => ({ ...f, social: replaceAt(f.social, i, { ...profile, url: e.target.value }) }))} />
            <Button variant="secondary" onClick={() => setFooter((f) => ({ ...f, social: removeAt(f.social, i) }))} aria-label={`Remove social profile ${i + 1}`}>
              Remove
            </Button>
          </div>
        ))}
        <Button variant="secondary" disabled={footer.social.length >= 10} onClick={() => setFooter((f) => ({ ...f, social: [...f.social, { network: "github", url: "" }] }))}>
          Add social profile
        </Button>
        <SelectField label="Badge place" value={footer.badgePlace} options={BADGE_PLACES} onChange={(badgePlace) => setFooter((f) => ({ ...f, badgePlace }))} />
      </FieldErrors>
      <Button loading={saving.pending} onClick={() => void saving.save(() => siteRpc.call("updateSite", { siteId: site.siteId, settings: { footer } }))}>
        Save footer
      </Button>
    </Panel>
  );
}
