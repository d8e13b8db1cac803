"use client";

import { useState } from "react";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc } from "@/rpc/client";
import toast from "react-hot-toast";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { Panel, TextField } from "@/components/fields";
import { useSave } from "./use-save";
import { FieldErrors } from "@/components/field-errors";
import { PropertyMapPanel } from "./property-map-panel";
import { fileToBase64 } from "@/components/file-to-base64";
import { ConnectedPagePicker, type ConnectedChoice } from "@/app/(app)/new-site/connected-page-picker";
import { DOMAIN_PLACEHOLDER_LABEL } from "./domain";
import { AddressPanel, ChangeNotionPage } from "./change-address";
import { SkippedPages } from "./skipped-pages";
import { NavigationPanel } from "./site-chrome";

type ImageKind = "logo" | "favicon" | "socialImage";
const IMAGE_LABELS: Record<ImageKind, string> = { logo: "Logo", favicon: "Favicon", socialImage: "Social image" };
const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export function GeneralSection({ site, notionOAuth }: { site: SiteOverview; notionOAuth: boolean }) {
  return (
    <div className="space-y-6">
      {site.notionConnection?.refused ? <RefusedConnectionNotice site={site} notionOAuth={notionOAuth} /> : null}
      <BasicsPanel site={site} />
      <AddressPanel site={site} />
      <NotionSourcePanel site={site} notionOAuth={notionOAuth} />
      <PropertyMapPanel site={site} />
      <NavigationPanel site={site} />
      <ImagesPanel site={site} />
    </div>
  );
}

function BasicsPanel({ site }: { site: SiteOverview }) {
  const [name, setName] = useState(site.settings.name || site.name);
  const [description, setDescription] = useState(site.settings.description);
  const [publicUrl, setPublicUrl] = useState(site.settings.publicUrl ?? "");
  const saving = useSave();
  const syncing = useSave();
  const status = useSave();
  const [confirmPause, setConfirmPause] = useState(false);
  const paused = site.status === "paused";
  return (
    <Panel title="Site" description={site.lastSyncedAt ? `Last synced from Notion ${new Date(site.lastSyncedAt).toLocaleString()}` : "Not synced yet"}>
      <FieldErrors value={saving.errors}>
      <TextField label="Name" field="name" value={name} maxLength={120} onChange={(e) => setName(e.target.value)} />
      <TextField label="Description" field="description" value={description} maxLength={300} onChange={(e) => setDescription(e.target.value)} hint="Used for search engines and link previews." />
      <TextField
        label="Public URL"
        field="publicUrl"
        value={publicUrl}
        placeholder={`https://example.com/${DOMAIN_PLACEHOLDER_LABEL[site.siteType]}`}
        onChange={(e) => setPublicUrl(e.target.value)}
        hint={
          <>
            Only when your own server forwards a path to this site (e.g. /{DOMAIN_PLACEHOLDER_LABEL[site.siteType]}); leave empty otherwise.{" "}
            <a href="/docs/features/hosting-under-a-docs-path" target="_blank" rel="noopener" className="text-[#8fb0ff] underline">
              How to host under a path
            </a>
          </>
        }
      />
      </FieldErrors>
      <div>
        <p className="text-sm font-medium text-neutral-200">Notion page</p>
        <a href={site.notionPageUrl} target="_blank" rel="noopener" className="mt-1 block break-all text-sm text-[#8fb0ff] hover:underline">
          {site.notionPageUrl}
        </a>
        <p className="mt-1 text-sm" data-testid="notion-source-health">
          {site.lastSyncError ? (
            <span className="text-amber-300">
              Source unhealthy: {site.syncFailures} failed {site.syncFailures === 1 ? "sync" : "syncs"} in a row
              {site.failingSince ? ` since ${new Date(site.failingSince).toLocaleString()}` : ""}.
            </span>
          ) : site.lastSyncedAt ? (
            <span className="text-green-300">Source healthy: the last sync worked.</span>
          ) : (
            <span className="text-neutral-300">Not synced yet.</span>
          )}
        </p>
        {site.lastSyncError ? <p className="mt-1 text-sm text-amber-300">The last sync failed: {site.lastSyncError}. The site keeps its last good copy.</p> : null}
        <SkippedPages skipped={site.skippedPages} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button loading={saving.pending} onClick={() => void saving.save(() => siteRpc.call("updateSite", { siteId: site.siteId, name, settings: { name, description, publicUrl: publicUrl.trim() || null } }))}>
          Save
        </Button>
        <Button
          variant="secondary"
          loading={syncing.pending}
          onClick={() =>
            void syncing
              .save(() => siteRpc.call("syncSiteNow", { siteId: site.siteId }), "")
              .then((r) => r && toast.success(r.status === "unchanged" ? "Already up to date" : "Synced from Notion"))
          }
        >
          Sync now
        </Button>
        <Button
          variant="secondary"
          loading={status.pending}
          onClick={() => (paused ? void status.save(() => siteRpc.call("updateSiteStatus", { siteId: site.siteId, status: "published" }), "Site published") : setConfirmPause(true))}
        >
          {paused ? "Publish site" : "Pause site"}
        </Button>
      </div>
      <Dialog open={confirmPause} onClose={() => setConfirmPause(false)} title="Pause this site?">
        <p className="text-sm text-neutral-300">
          Visitors will see “Site paused” on every page until you publish it again, and search engines are asked to come back later, so the pages keep their place. Nothing is deleted.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmPause(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={status.pending}
            onClick={() => void status.save(() => siteRpc.call("updateSiteStatus", { siteId: site.siteId, status: "paused" }), "Site paused").then(() => setConfirmPause(false))}
          >
            Pause the site
          </Button>
        </div>
      </Dialog>
    </Panel>
  );
}

/**
 * Notion refused the site's connection for good (its access was revoked): nothing is read from Notion until the
 * owner reconnects — through Notion's consent screen again, or with a new secret of the same internal integration.
 * The new tokens go on the same connection, so every site on it comes back at once.
 */
function RefusedConnectionNotice({ site, notionOAuth }: { site: SiteOverview; notionOAuth: boolean }) {
  const connection = site.notionConnection!;
  const refused = connection.refused!;
  const [secret, setSecret] = useState("");
  const reconnecting = useSave();
  const reconnectUrl = `/api/notion/connect?${new URLSearchParams({ reconnect: site.notionConnectionId!, site: site.siteId })}`;
  return (
    <div role="alert" data-testid="notion-connection-refused" className="rounded-lg border border-amber-500/60 bg-amber-950/40 p-4 text-sm text-amber-100">
      <p className="font-medium">
        Notion refused this site&apos;s connection{connection.workspaceName ? ` to “${connection.workspaceName}”` : ""} on {new Date(refused.at).toLocaleString()}
        {refused.reason ? `: “${refused.reason}”` : ""}.
      </p>
      <p className="mt-1">Visitors keep seeing the last good pages. Nothing is read from Notion until you reconnect; then every site on this connection is updated at once.</p>
      {connection.kind === "oauth" ? (
        notionOAuth ? (
          // A plain link: the route sends the owner to Notion's consent screen and back here.
          <a href={reconnectUrl} className="mt-3 inline-block rounded-md bg-[#8fb0ff] px-4 py-2 font-medium text-neutral-950 hover:bg-[#a9c2ff]">
            Reconnect Notion
          </a>
        ) : (
          <p className="mt-2">Connecting with Notion is no longer configured on this server: ask its operator, or switch the site to a public page below.</p>
        )
      ) : (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <TextField
            label="New internal integration secret"
            type="password"
            autoComplete="off"
            placeholder="ntn_…"
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
            hint="Notion → Settings → Connections → your integration → Configuration: copy the secret again (or refresh it)."
          />
          <Button
            loading={reconnecting.pending}
            disabled={secret.trim().length < 20}
            onClick={() =>
              void reconnecting
                .save(() => siteRpc.call("replaceNotionIntegrationSecret", { connectionId: site.notionConnectionId!, secret: secret.trim() }), "Notion reconnected")
                .then((done) => done && setSecret(""))
            }
          >
            Reconnect Notion
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * Where the site's content comes from: a public page, or a page read through a Notion connection.
 * Switching keeps settings, redirects and subscribers; the page is checked first.
 */
function NotionSourcePanel({ site, notionOAuth }: { site: SiteOverview; notionOAuth: boolean }) {
  const [choosing, setChoosing] = useState(false);
  const [choice, setChoice] = useState<ConnectedChoice>(null);
  const [publicUrl, setPublicUrl] = useState(site.notionConnectionId ? "" : site.notionPageUrl);
  const switching = useSave();
  const move = async (connectionId: string | null, notionPageUrl: string) => {
    const moved = await switching.save(() => siteRpc.call("updateSiteNotionSource", { siteId: site.siteId, connectionId, notionPageUrl }), "Notion source changed");
    if (moved) setChoosing(false);
  };
  return (
    <Panel
      title="Notion source"
      description={site.notionConnectionId ? "Read through your Notion connection: the page can stay private in Notion." : "A public Notion page (shared to the web)."}
    >
      {site.notionConnectionId ? (
        <div className="space-y-2">
          <TextField label="Public Notion page (to switch back)" placeholder="https://www.notion.so/…" value={publicUrl} onChange={(e) => setPublicUrl(e.target.value)} />
          <Button variant="secondary" loading={switching.pending} disabled={!publicUrl.trim()} onClick={() => void move(null, publicUrl.trim())}>
            Use a public page instead
          </Button>
        </div>
      ) : (
        <ChangeNotionPage site={site} />
      )}
      {choosing ? (
        <div className="rounded-md bg-white p-3 text-neutral-900">
          <ConnectedPagePicker oauth={notionOAuth} onChoose={setChoice} />
          <Button className="mt-3" loading={switching.pending} disabled={!choice} onClick={() => choice && void move(choice.connectionId, choice.notionPageUrl)}>
            Read the site from this page
          </Button>
        </div>
      ) : (
        <Button variant="secondary" onClick={() => setChoosing(true)}>
          {site.notionConnectionId ? "Choose another connected page" : "Connect Notion (private pages)"}
        </Button>
      )}
    </Panel>
  );
}

function ImagesPanel({ site }: { site: SiteOverview }) {
  return (
    <Panel title="Images" description="PNG, JPEG, WebP, GIF or ICO up to 5 MB.">
      <div className="grid gap-4 sm:grid-cols-3">
        {(Object.keys(IMAGE_LABELS) as ImageKind[]).map((kind) => (
          <ImageUpload key={kind} site={site} kind={kind} />
        ))}
      </div>
    </Panel>
  );
}

function ImageUpload({ site, kind }: { site: SiteOverview; kind: ImageKind }) {
  const saving = useSave();
  const current = site.settings.theme[kind];
  const inputId = `upload-${kind}`;
  const upload = async (file: File) => {
    if (file.size > MAX_UPLOAD_BYTES) throw new Error("That file is larger than 5 MB");
    const dataBase64 = await fileToBase64(file);
    const uploaded = await siteRpc.call("uploadFile", { siteId: site.siteId, kind, fileName: file.name, contentType: file.type || "application/octet-stream", dataBase64 });
    return siteRpc.call("updateSite", { siteId: site.siteId, settings: { theme: { [kind]: { fileId: uploaded.fileId, url: uploaded.url } } } });
  };
  return (
    <div className="rounded-lg border border-neutral-800 p-3">
      <p className="text-sm font-medium">{IMAGE_LABELS[kind]}</p>
      <div className="mt-2 flex h-20 items-center justify-center rounded bg-neutral-800">
        {/* eslint-disable-next-line @next/next/no-img-element -- the owner's own upload, served by our file route */}
        {current ? <img src={current.url} alt={`Current ${IMAGE_LABELS[kind].toLowerCase()}`} className="max-h-16 max-w-full object-contain" /> : <span className="text-xs text-neutral-400">None</span>}
      </div>
      <label htmlFor={inputId} className="mt-2 inline-block cursor-pointer text-sm text-[#8fb0ff] hover:underline">
        {saving.pending ? "Uploading…" : current ? "Replace" : "Upload"}
      </label>
      <input
        id={inputId}
        type="file"
        data-not-a-setting // an upload saves at once
        accept="image/png,image/jpeg,image/webp,image/gif,image/x-icon,image/vnd.microsoft.icon"
        className="sr-only"
        aria-label={`Upload ${IMAGE_LABELS[kind].toLowerCase()}`}
        disabled={saving.pending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void saving.save(() => upload(file), `${IMAGE_LABELS[kind]} uploaded`);
        }}
      />
      {current ? (
        <button type="button" className="ml-3 text-sm text-neutral-400 hover:text-neutral-200" onClick={() => void saving.save(() => siteRpc.call("updateSite", { siteId: site.siteId, settings: { theme: { [kind]: null } } }), "Removed")}>
          Remove
        </button>
      ) : null}
    </div>
  );
}
