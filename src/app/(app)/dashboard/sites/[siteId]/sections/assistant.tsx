"use client";

import { GENERIC_ERROR_MESSAGE } from "@/lib/errors";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import toast from "react-hot-toast";
import { AiOffNotice } from "./features";
import type { SiteOverview } from "@/core/sites/get-site-overview";
import { RpcError, siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Panel } from "@/components/fields";
import { fileToBase64 } from "@/components/file-to-base64";
import { parseSiteChat, serializeSiteChat, siteChatKey, type ChatProposal, type SiteChatMessage, type SiteChatState } from "@/lib/site-chat-state";

const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
type Source = { n: number; title: string; url: string };
type StreamItem = { type: "text"; text: string } | { type: "sources"; sources: Source[] } | { type: "proposal"; proposal: Omit<ChatProposal, "status"> };

const newId = () => crypto.randomUUID();

/** Answer text with [n] as links to the cited pages. */
function withCitations(text: string, sources: Source[] = []): ReactNode[] {
  const byN = new Map(sources.map((s) => [s.n, s]));
  return text.split(/(\[\d{1,2}\])/).map((part, i) => {
    const source = byN.get(Number(/^\[(\d{1,2})\]$/.exec(part)?.[1]));
    return source ? (
      <a key={i} href={source.url} target="_blank" rel="noopener" title={source.title} className="align-super text-xs text-[#8fb0ff] hover:underline">
        [{source.n}]
      </a>
    ) : (
      part
    );
  });
}

/**
 * The owner's assistant for one site (docs/product.md §3/§4): questions about the site and the product, and changes it proposes
 * that apply only when the owner confirms each one, through the same RPC method the other screens use. The chat
 * (not the files still in draft) is kept in local storage per site and survives reloads.
 */
export function AssistantSection({ site, aiModel }: { site: SiteOverview; aiModel: boolean }) {
  const router = useRouter();
  // The dashboard renders only after mounting (dashboard-shell), so local storage is there; the screen is keyed by path.
  const [state, setState] = useState<SiteChatState<File>>(() => parseSiteChat<File>(localStorage.getItem(siteChatKey(site.siteId)), site.siteId));
  const [draft, setDraft] = useState("");
  const [busy, setBusy] = useState(false);
  const log = useRef<HTMLDivElement>(null);

  // Saved on every change once the site id is set; the files in draft are left out.
  useEffect(() => {
    if (!state.siteId) return;
    try {
      localStorage.setItem(siteChatKey(state.siteId), serializeSiteChat(state));
    } catch {
      // storage full or blocked: the chat still works for this visit
    }
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [state]);

  const patchMessage = (id: string, patch: (m: SiteChatMessage) => SiteChatMessage) =>
    setState((s) => ({ ...s, messages: s.messages.map((m) => (m.id === id ? patch(m) : m)) }));

  async function send() {
    const content = draft.trim();
    if ((!content && !state.filesInDraft.length) || busy || !state.siteId) return;
    setBusy(true);
    try {
      const attachments = [];
      for (const file of state.filesInDraft) {
        if (file.size > MAX_UPLOAD_BYTES) throw new Error(`${file.name} is larger than 5 MB`);
        const uploaded = await siteRpc.call("uploadFile", { siteId: site.siteId, kind: "image", fileName: file.name, contentType: file.type || "application/octet-stream", dataBase64: await fileToBase64(file) });
        attachments.push({ fileId: uploaded.fileId, url: uploaded.url, name: file.name });
      }
      const question: SiteChatMessage = { id: newId(), role: "user", content: content || "(attached files)", ...(attachments.length ? { attachments } : {}) };
      const answerId = newId();
      const history = [...state.messages.filter((m) => !m.error), question];
      setState((s) => ({ ...s, filesInDraft: [], messages: [...s.messages, question, { id: answerId, role: "assistant", content: "" }] }));
      setDraft("");
      await siteRpc.stream(
        "askSiteAssistant",
        { siteId: site.siteId, messages: history.slice(-40).map((m) => ({ role: m.role, content: m.content.slice(0, 4000), ...(m.attachments ? { attachments: m.attachments } : {}) })) },
        (raw) => {
          const item = raw as StreamItem;
          patchMessage(answerId, (m) =>
            item.type === "text"
              ? { ...m, content: m.content + item.text }
              : item.type === "sources"
                ? { ...m, sources: item.sources }
                : { ...m, proposals: [...(m.proposals ?? []), { ...item.proposal, status: "pending" }] },
          );
        },
        { timeoutMs: 120_000 },
      ).catch((err: unknown) => {
        patchMessage(answerId, (m) => ({ ...m, content: err instanceof Error ? err.message : GENERIC_ERROR_MESSAGE, error: true }));
      });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  async function apply(messageId: string, proposal: ChatProposal) {
    const setStatus = (status: ChatProposal["status"], error?: string) =>
      patchMessage(messageId, (m) => ({ ...m, proposals: m.proposals?.map((p) => (p.id === proposal.id ? { ...p, status, ...(error ? { error } : {}) } : p)) }));
    try {
      // The same method the settings screens call, with the same checks; the tool name is that method's name.
      const call = siteRpc.call as (method: string, params: Record<string, unknown>, opts?: { timeoutMs?: number }) => Promise<unknown>;
      await call(proposal.tool, { ...proposal.args, siteId: site.siteId }, { timeoutMs: 15_000 });
      setStatus("applied");
      toast.success("Change applied");
      router.refresh();
    } catch (err) {
      setStatus("failed", err instanceof RpcError || err instanceof Error ? err.message : GENERIC_ERROR_MESSAGE);
    }
  }

  const dismiss = (messageId: string, id: string) => patchMessage(messageId, (m) => ({ ...m, proposals: m.proposals?.map((p) => (p.id === id ? { ...p, status: "dismissed" } : p)) }));

  return (
    <Panel
      title="Assistant"
      description="Ask about your site and how to do things here. It can suggest changes to your settings; nothing changes until you apply a suggestion."
    >
      {aiModel ? null : <AiOffNotice who="You" />}
      <div ref={log} className="flex max-h-[60vh] min-h-40 flex-col gap-3 overflow-y-auto rounded-lg border border-neutral-800 p-3" aria-live="polite" data-testid="assistant-log">
        {state.messages.length === 0 ? <p className="text-sm text-neutral-400">Try “How do I put the site on my own domain?” or “Make the accent colour dark green”.</p> : null}
        {state.messages.map((m) => (
          <AssistantMessage key={m.id} message={m} busy={busy} onApply={(p) => void apply(m.id, p)} onDismiss={(id) => dismiss(m.id, id)} />
        ))}
      </div>
      <AssistantComposer
        draft={draft}
        setDraft={setDraft}
        busy={busy}
        filesInDraft={state.filesInDraft}
        setFilesInDraft={(files) => setState((s) => ({ ...s, filesInDraft: files(s.filesInDraft) }))}
        hasMessages={state.messages.length > 0}
        onSend={() => void send()}
        onClear={() => setState((s) => ({ ...s, messages: [] }))}
      />
    </Panel>
  );
}

/** One message of the chat: the text with its citations, attachments, and the changes it proposes. */
function AssistantMessage({ message: m, busy, onApply, onDismiss }: { message: SiteChatMessage; busy: boolean; onApply: (p: ChatProposal) => void; onDismiss: (id: string) => void }) {
  return (
    <div className={m.role === "user" ? "self-end max-w-[85%]" : "self-start max-w-[95%]"} data-testid={`assistant-message-${m.role}`}>
      <div className={`whitespace-pre-wrap rounded-lg px-3 py-2 text-sm ${m.role === "user" ? "bg-[#2255dd] text-white" : m.error ? "bg-red-950 text-red-200" : "bg-neutral-800 text-neutral-100"}`}>
        {m.content ? withCitations(m.content, m.sources) : busy ? "…" : ""}
        {m.attachments?.length ? <p className="mt-1 text-xs opacity-80">Attached: {m.attachments.map((a) => a.name).join(", ")}</p> : null}
      </div>
      {m.proposals?.map((p) => (
        <div key={p.id} className="mt-2 rounded-lg border border-amber-700/60 bg-amber-950/30 p-3 text-sm" data-testid="assistant-proposal">
          <p className="font-medium">Suggested change</p>
          <p className="mt-1 text-neutral-200">{p.summary}</p>
          {p.status === "pending" ? (
            <div className="mt-2 flex gap-2">
              <Button onClick={() => onApply(p)}>Apply change</Button>
              <Button variant="secondary" onClick={() => onDismiss(p.id)}>
                Dismiss
              </Button>
            </div>
          ) : (
            <p className="mt-2 text-xs text-neutral-400" role={p.status === "failed" ? "alert" : undefined}>
              {p.status === "applied" ? "Applied" : p.status === "dismissed" ? "Dismissed" : `Not applied: ${p.error ?? "failed"}`}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

type ComposerProps = {
  draft: string;
  setDraft: (text: string) => void;
  busy: boolean;
  filesInDraft: File[];
  setFilesInDraft: (change: (files: File[]) => File[]) => void;
  hasMessages: boolean;
  onSend: () => void;
  onClear: () => void;
};

/** The message box: Enter sends, Shift+Enter breaks the line; up to four images attached. */
function AssistantComposer({ draft, setDraft, busy, filesInDraft, setFilesInDraft, hasMessages, onSend, onClear }: ComposerProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <label htmlFor="assistant-input" className="text-sm font-medium">
        Message
      </label>
      <textarea
        data-not-a-setting
        id="assistant-input"
        value={draft}
        maxLength={4000}
        rows={3}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey) {
            e.preventDefault();
            onSend();
          }
        }}
        className="rounded-md border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm"
      />
      {filesInDraft.length ? (
        <ul className="flex flex-wrap gap-2 text-xs" aria-label="Files to send">
          {filesInDraft.map((f, i) => (
            <li key={`${f.name}${i}`} className="flex items-center gap-1 rounded bg-neutral-800 px-2 py-1">
              {f.name}
              <button type="button" aria-label={`Remove ${f.name}`} onClick={() => setFilesInDraft((files) => files.filter((_, j) => j !== i))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}>
          Send
        </Button>
        <input
          ref={fileInput}
          id="assistant-file"
          type="file"
          data-not-a-setting
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="sr-only"
          aria-label="Attach image file"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            setFilesInDraft((inDraft) => [...inDraft, ...files].slice(0, 4));
            e.target.value = "";
          }}
        />
        <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()}>
          Attach image
        </Button>
        <Button type="button" variant="secondary" disabled={busy || !hasMessages} onClick={onClear}>
          Clear chat
        </Button>
      </div>
    </form>
  );
}
