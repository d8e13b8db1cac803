"use client";

import { useCallback, useEffect, useState } from "react";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import toast from "react-hot-toast";
import { Panel, SelectField, TextArea, TextField, Toggle } from "@/components/fields";
import { useAction } from "@/components/use-action";
import { downloadFile } from "@/components/download-file";
import { useSave } from "./use-save";
import { DataTable } from "@/components/data-table";
import { ApprovedIdeaCard } from "./approved-idea-card";

type Feedback = Awaited<ReturnType<typeof siteRpc.call<"getRoadmapFeedback">>>;
type Idea = Feedback["ideas"][number];

/** One pending idea: approve into a column, merge into an item (its votes move), or reject with a reply. */
function IdeaCard({ idea, feedback, siteId, onDone }: { idea: Idea; feedback: Feedback; siteId: string; onDone: () => void }) {
  const [column, setColumn] = useState(feedback.columns[0] ?? "");
  const [into, setInto] = useState(feedback.items[0]?.itemId ?? "");
  const [reply, setReply] = useState("");
  const action = useAction();
  const run = (call: () => Promise<unknown>, success: string) => void action.run(call, { success }).then((r) => r !== undefined && onDone());
  return (
    <li className="space-y-3 rounded-lg border border-neutral-800 p-3" data-testid="pending-idea">
      <div>
        <p className="font-medium">{idea.title}</p>
        {idea.details ? <p className="text-sm whitespace-pre-wrap text-neutral-300">{idea.details}</p> : null}
        <p className="text-xs text-neutral-500">
          {idea.email} · {new Date(idea.createdAt).toLocaleDateString()}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField label="Column" value={column} options={feedback.columns.map((c) => ({ value: c, label: c }))} onChange={setColumn} />
        <Button loading={action.pending} onClick={() => run(() => siteRpc.call("approveRoadmapIdea", { siteId, ideaId: idea.ideaId, column }), "Idea approved")}>
          Approve
        </Button>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField label="Merge into" value={into} options={feedback.items.map((i) => ({ value: i.itemId, label: `${i.title} (${i.votes})` }))} onChange={setInto} />
        <Button variant="secondary" loading={action.pending} onClick={() => run(() => siteRpc.call("mergeRoadmapIdea", { siteId, ideaId: idea.ideaId, intoItemId: into }), "Idea merged")}>
          Merge
        </Button>
      </div>
      <div className="space-y-2">
        <TextArea label="Reply (emailed to the author)" value={reply} onChange={setReply} maxLength={1000} rows={2} />
        <Button variant="secondary" loading={action.pending} onClick={() => run(() => siteRpc.call("rejectRoadmapIdea", { siteId, ideaId: idea.ideaId, reply }), "Idea rejected")}>
          Reject
        </Button>
      </div>
    </li>
  );
}

/** Roadmaps: items by votes, voters as CSV, ideas waiting for a decision, and the status emails' switch and preview. */
export function VotesSection({ site }: { site: SiteOverview }) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [preview, setPreview] = useState<{ subject: string; text: string } | null>(null);
  const [roadmap, setRoadmap] = useState(site.settings.roadmap);
  const exporting = useAction();
  const saving = useSave();
  const load = useCallback(() => void siteRpc.call("getRoadmapFeedback", { siteId: site.siteId }).then(setFeedback), [site.siteId]);
  useEffect(load, [load]);
  return (
    <div className="space-y-6">
      <Panel
        title="Votes"
        description={
          feedback?.votesIn === "notion"
            ? "Votes are kept here; each item's count is written to the Number property you choose below, and approved ideas become rows of your Notion database."
            : "Votes and ideas are kept in Pagewright only: your roadmap is read from a public Notion page, which Pagewright can't edit. Connect Notion to write them back."
        }
      >
        {feedback?.notionFailures.length ? (
          <div role="alert" className="space-y-1 rounded-lg border border-amber-700 p-3 text-sm text-amber-200" data-testid="notion-write-failures">
            <p className="font-medium">Not yet in Notion (retried automatically; the votes are safe here):</p>
            <ul className="list-disc pl-5">
              {feedback.notionFailures.map((f) => (
                <li key={f.itemId}>
                  {f.title}: {f.error}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {!feedback ? <p className="text-sm text-neutral-400">Loading…</p> : null}
        {feedback && !feedback.items.length ? <p className="text-sm text-neutral-400">No items yet.</p> : null}
        {feedback?.items.length ? (
          <DataTable
            testId="roadmap-votes"
            rows={feedback.items}
            rowKey={(i) => i.itemId}
            columns={[
              { header: "Item", cell: (i) => i.title },
              { header: "Status", cell: (i) => i.status },
              { header: "Votes", cell: (i) => i.votes },
            ]}
          />
        ) : null}
        <Button
          variant="secondary"
          loading={exporting.pending}
          onClick={() => void exporting.run(async () => {
            const { fileName, csv } = await siteRpc.call("roadmapVotersToCsv", { siteId: site.siteId });
            downloadFile(fileName, csv, "text/csv");
          })}
        >
          Export voters (CSV)
        </Button>
      </Panel>
      {feedback?.items.some((i) => i.ideaId) ? (
        <Panel title="Approved ideas" description="Ideas you approved onto the board. Move one and its voters get the status email; merge or decline one and they are told.">
          <ul className="space-y-3">
            {feedback.items.map((item) =>
              item.ideaId ? <ApprovedIdeaCard key={item.itemId} item={{ ...item, ideaId: item.ideaId }} feedback={feedback} siteId={site.siteId} onDone={load} /> : null,
            )}
          </ul>
        </Panel>
      ) : null}
      <Panel title="Ideas" description="Ideas visitors suggested, once they confirmed their email.">
        {feedback && !feedback.ideas.length ? <p className="text-sm text-neutral-400">No ideas waiting.</p> : null}
        <ul className="space-y-3">
          {feedback?.ideas.map((idea) => <IdeaCard key={idea.ideaId} idea={idea} feedback={feedback} siteId={site.siteId} onDone={load} />)}
        </ul>
      </Panel>
      <Panel title="Status emails" description="When a sync sees an item change column, its voters get one email.">
        <Toggle label="Email voters when an item moves" checked={roadmap.statusEmails} onChange={(statusEmails) => setRoadmap({ ...roadmap, statusEmails })} />
        {feedback?.votesIn === "here" && !roadmap.votesProperty ? (
          <p className="text-sm text-neutral-400">Vote counts stay here: a roadmap read from a public Notion page can&apos;t be written to. Connect Notion to write each count to a Number property.</p>
        ) : (
          <>
            {/* Typed or picked: the database's Number properties as the last sync read them are offered. */}
            <TextField
              label="Notion number property for the vote count"
              hint={
                feedback?.numberProperties.length
                  ? `A Number property of your roadmap database: ${feedback.numberProperties.join(", ")}. Leave empty to not write counts.`
                  : "A Number property of your roadmap database, e.g. Votes (add one in Notion first). Leave empty to not write counts."
              }
              list="roadmap-number-properties"
              value={roadmap.votesProperty}
              maxLength={100}
              onChange={(e) => setRoadmap({ ...roadmap, votesProperty: e.target.value })}
            />
            <datalist id="roadmap-number-properties">
              {feedback?.numberProperties.map((name) => <option key={name} value={name} />)}
            </datalist>
          </>
        )}
        <div className="flex gap-2">
          <Button loading={saving.pending} onClick={() => void saving.save(() => siteRpc.call("updateRoadmapSettings", { siteId: site.siteId, roadmap }))}>
            Save
          </Button>
          <Button variant="secondary" onClick={() => void siteRpc.call("previewRoadmapStatusEmail", { siteId: site.siteId }).then(setPreview)}>
            Preview the email
          </Button>
        </div>
        {preview ? (
          <div className="rounded-lg border border-neutral-800 p-3 text-sm" data-testid="status-email-preview">
            <p className="font-medium">{preview.subject}</p>
            <pre className="mt-2 text-xs whitespace-pre-wrap text-neutral-300">{preview.text}</pre>
          </div>
        ) : null}
      </Panel>
    </div>
  );
}

/** A snippet with its Copy button (owners paste these into their own app). */
function Snippet({ code, what, testId }: { code: string; what: string; testId?: string }) {
  return (
    <div className="space-y-2">
      <pre className="overflow-x-auto rounded-md bg-neutral-900 p-3 text-xs" data-testid={testId}>
        {code}
      </pre>
      <Button variant="secondary" onClick={() => void navigator.clipboard.writeText(code).then(() => toast.success("Copied"), () => toast.error("Could not copy"))}>
        Copy {what}
      </Button>
    </div>
  );
}

/**
 * Changelogs: the What's-new widget's embed code for the owner's own app, with the widget's options (its label, light
 * or dark, opening once by itself when something is new) written into the snippet as the script reads them.
 */
export function WhatsNewSection({ site }: { site: SiteOverview }) {
  const [label, setLabel] = useState("");
  const [theme, setTheme] = useState<"auto" | "light" | "dark">("auto");
  const [openNew, setOpenNew] = useState(false);
  const options = [label.trim() ? ` data-label="${label.trim().replace(/["<>&]/g, "")}"` : "", theme !== "auto" ? ` data-theme="${theme}"` : "", openNew ? ' data-open-new="true"' : ""].join("");
  const snippet = `<script async src="${site.url}/_/whats-new.js"${options}></script>`;
  const own = `<button id="whats-new">What's new</button>\n<script async src="${site.url}/_/whats-new.js" data-target="#whats-new"${options}></script>`;
  return (
    <Panel title="What's new widget" description="Show your latest updates inside your own app, with a badge counting the ones each visitor hasn't seen.">
      <div className="flex flex-wrap items-end gap-3">
        <TextField label="Label" placeholder="What's new" value={label} maxLength={40} onChange={(e) => setLabel(e.target.value)} />
        <SelectField
          label="Colours"
          value={theme}
          options={[
            { value: "auto", label: "Follow the visitor's system" },
            { value: "light", label: "Light" },
            { value: "dark", label: "Dark" },
          ]}
          onChange={setTheme}
        />
        <Toggle label="Open once by itself when something is new" checked={openNew} onChange={setOpenNew} />
      </div>
      <p className="text-sm text-neutral-400">A floating button, on any page of any website:</p>
      <Snippet code={snippet} what="the script tag" testId="whats-new-snippet" />
      <p className="text-sm text-neutral-400">Or your own button:</p>
      <Snippet code={own} what="the button and script" />
      {site.hasPassword ? <p className="text-sm text-amber-300">This site has a password, so the widget shows nothing on other websites.</p> : null}
    </Panel>
  );
}
