"use client";

import { useRef, useState } from "react";
import { readPublicConfig } from "@/lib/public-config";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { ColorField, Panel, SelectField, TextArea, TextField, Toggle } from "@/components/fields";
import { useSave } from "./use-save";
import { FieldErrors } from "@/components/field-errors";
import toast from "react-hot-toast";
import { CONVERSION, type ConversionEvent } from "@/integrations/tracking";
import { trackConversion } from "@/components/tracking/browser";

/** The enable-widget / enable-ai-chatbot conversions (docs/product.md §9): once, when a save turns the feature on. */
function useTurnedOn(initiallyOn: boolean, event: ConversionEvent, siteType: string) {
  const on = useRef(initiallyOn);
  return {
    track(nowOn: boolean) {
      if (nowOn && !on.current) trackConversion(readPublicConfig().tracking, event, { siteType });
      on.current = nowOn;
    },
  };
}

export function WidgetSection({ site }: { site: SiteOverview }) {
  const wasOn = useTurnedOn(site.settings.widget.enabled, CONVERSION.enableWidget, site.siteType);
  const [widget, setWidget] = useState(site.settings.widget);
  // The dashboard renders only after mounting (dashboard-shell), so the injected browser config is there.
  const [appUrl] = useState(() => readPublicConfig().appUrl);
  const saving = useSave();
  const snippet = `<script src="${appUrl}/widget.js" data-site="${site.siteId}" async></script>`;
  return (
    <Panel title="Widget" description="A floating button for your other websites that opens this site's search (and its AI chatbot, when that is on) in a small window.">
      <Toggle label="Enable the widget" checked={widget.enabled} onChange={(enabled) => setWidget({ ...widget, enabled })} />
      <SelectField
        label="Position"
        value={widget.position}
        onChange={(position) => setWidget({ ...widget, position })}
        options={[
          { value: "bottom-right", label: "Bottom right" },
          { value: "bottom-left", label: "Bottom left" },
        ]}
      />
      <ColorField label="Colour" field="widget.color" value={widget.color} onChange={(color) => setWidget({ ...widget, color })} />
      <Button
        loading={saving.pending}
        onClick={() => void saving.save(() => siteRpc.call("upsertWidget", { siteId: site.siteId, widget })).then((r) => r && wasOn.track(r.settings.widget.enabled))}
      >
        Save widget
      </Button>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">Embed code</p>
        <p className="text-sm text-neutral-400">Paste it before &lt;/body&gt; on any page. It shows the button once the widget is enabled and saved.</p>
        {site.hasPassword ? (
          <p className="text-sm text-amber-300" role="note">
            This site has a password, so the widget stays hidden on other websites: they can&apos;t show its pages.
          </p>
        ) : null}
        <pre className="overflow-x-auto rounded-md bg-neutral-900 p-3 text-xs" data-testid="widget-snippet">
          <code>{snippet}</code>
        </pre>
        <div>
          <Button variant="secondary" onClick={() => void navigator.clipboard.writeText(snippet).then(() => toast.success("Copied"), () => toast.error("Could not copy"))}>
            Copy embed code
          </Button>
        </div>
        <p className="text-sm text-neutral-400">
          Open it from your own code: <code className="text-xs">PagewrightWidget.open(&quot;How do I…?&quot;)</code> (prefills the question), <code className="text-xs">PagewrightWidget.close()</code>. Attributes
          <code className="text-xs"> data-position</code> and <code className="text-xs">data-color</code> override the settings above on one page.
        </p>
      </div>
    </Panel>
  );
}

export function AiSection({ site, aiModel }: { site: SiteOverview; aiModel: boolean }) {
  const wasOn = useTurnedOn(site.settings.ai.enabled, CONVERSION.enableAiChatbot, site.siteType);
  const [ai, setAi] = useState(site.settings.ai);
  const [questions, setQuestions] = useState(ai.suggestedQuestions.join("\n"));
  const saving = useSave();
  return (
    <Panel title="AI chatbot" description="Answers visitors' questions from this site's pages, with links to the pages it used.">
      {aiModel ? null : <AiOffNotice who="Visitors" />}
      <Toggle label="Enable the chatbot" checked={ai.enabled} onChange={(enabled) => setAi({ ...ai, enabled })} />
      <FieldErrors value={saving.errors}>
      <TextField label="Assistant name" field="ai.assistantName" value={ai.assistantName} maxLength={60} onChange={(e) => setAi({ ...ai, assistantName: e.target.value })} />
      <TextArea label="Welcome message" value={ai.welcomeMessage} maxLength={500} onChange={(welcomeMessage) => setAi({ ...ai, welcomeMessage })} />
      <TextArea label="Suggested questions" hint="One per line, up to 6." value={questions} onChange={setQuestions} rows={4} />
      <TextArea label="Extra instructions" value={ai.instructions} maxLength={2000} onChange={(instructions) => setAi({ ...ai, instructions })} rows={4} />
      </FieldErrors>
      <ColorField label="Accent colour" field="ai.accentColor" value={ai.accentColor} onChange={(accentColor) => setAi({ ...ai, accentColor })} />
      <Button
        loading={saving.pending}
        onClick={() =>
          void saving
            .save(() =>
              siteRpc.call("upsertAiCustomization", {
                siteId: site.siteId,
                ai: { ...ai, suggestedQuestions: questions.split("\n").map((q) => q.trim()).filter(Boolean) },
              }),
            )
            .then((r) => r && wasOn.track(r.settings.ai.enabled))
        }
      >
        Save chatbot
      </Button>
    </Panel>
  );
}

export function EmailSection({ site }: { site: SiteOverview }) {
  const [email, setEmail] = useState(site.settings.email);
  const saving = useSave();
  return (
    <Panel title="Email" description="Confirmed subscribers can get an email when you publish a new post.">
      <Toggle label="Email subscribers about new posts" checked={email.notifySubscribers} onChange={(notifySubscribers) => setEmail({ ...email, notifySubscribers })} />
      <FieldErrors value={saving.errors}>
      <TextField label="Sender name" field="email.senderName" value={email.senderName} maxLength={80} onChange={(e) => setEmail({ ...email, senderName: e.target.value })} />
      <TextField label="Reply-to address" field="email.replyTo" type="email" value={email.replyTo ?? ""} onChange={(e) => setEmail({ ...email, replyTo: e.target.value.trim() || null })} />
      </FieldErrors>
      <Button loading={saving.pending} onClick={() => void saving.save(() => siteRpc.call("updateSiteEmailSettings", { siteId: site.siteId, email }))}>
        Save email settings
      </Button>
    </Panel>
  );
}

export function VersionsSection({ site }: { site: SiteOverview }) {
  const [versions, setVersions] = useState(site.settings.versions.map((v) => ({ ...v })));
  const saving = useSave();
  const update = (i: number, patch: Partial<{ label: string; notionPageUrl: string }>) => setVersions((vs) => vs.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  return (
    <Panel title="Versions" description="Each version is its own Notion page tree. The first is the default, served at the site's root; the others under /label/.">
      {versions.length === 0 ? <p className="text-sm text-neutral-400">One version: the site&apos;s Notion page.</p> : null}
      <FieldErrors value={saving.errors}>
      {versions.map((v, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
          <TextField label={`Version ${i + 1} label`} field={`versions.${i}.label`} placeholder="v2" value={v.label} maxLength={40} onChange={(e) => update(i, { label: e.target.value })} />
          <TextField label={`Version ${i + 1} Notion page`} field={`versions.${i}.notionPageUrl`} placeholder="https://www.notion.so/…" value={v.notionPageUrl} onChange={(e) => update(i, { notionPageUrl: e.target.value })} />
          <Button variant="secondary" onClick={() => setVersions((vs) => vs.filter((_, j) => j !== i))} aria-label={`Remove version ${i + 1}`}>
            Remove
          </Button>
        </div>
      ))}
      </FieldErrors>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" disabled={versions.length >= 20} onClick={() => setVersions((vs) => [...vs, { label: "", notionPageUrl: "" }])}>
          Add version
        </Button>
        <Button loading={saving.pending} onClick={() => void saving.save(() => siteRpc.call("updateSiteVersions", { siteId: site.siteId, versions }), "Versions saved")}>
          Save versions
        </Button>
      </div>
    </Panel>
  );
}

/** Said plainly on the AI screens when the server has no model: what people get instead. */
export function AiOffNotice({ who }: { who: "Visitors" | "You" }) {
  return (
    <p role="note" className="rounded-md border border-amber-800 bg-amber-950/60 px-4 py-3 text-sm text-amber-200" data-testid="ai-off">
      AI answers are off on this server.{" "}
      {who === "Visitors"
        ? "Visitors still get answers from the site's own search: the best matching passage, with links to its pages."
        : "The assistant still answers from your site's search and the product guide, with links, but can't suggest changes."}
    </p>
  );
}
