"use client";

import { useState } from "react";
import { siteRpc } from "@/rpc/client";
import { Button } from "@/components/button";
import { Dialog } from "@/components/dialog";
import { SelectField, TextArea } from "@/components/fields";
import { useAction } from "@/components/use-action";

type Feedback = Awaited<ReturnType<typeof siteRpc.call<"getRoadmapFeedback">>>;
type Item = Feedback["items"][number];

/**
 * An idea approved onto the board and kept here (a public-page roadmap's cards from ideas live only in Pagewright):
 * move it to another column (its voters get the status email), merge it into another item (their votes move), decline
 * it with a reply to its voters, or remove it without telling anyone — after a confirmation.
 */
export function ApprovedIdeaCard({ item, feedback, siteId, onDone }: { item: Item & { ideaId: string }; feedback: Feedback; siteId: string; onDone: () => void }) {
  const others = feedback.items.filter((i) => i.itemId !== item.itemId);
  const [column, setColumn] = useState(item.status);
  const [into, setInto] = useState(others[0]?.itemId ?? "");
  const [reply, setReply] = useState("");
  const [confirming, setConfirming] = useState(false);
  const action = useAction();
  const run = (call: () => Promise<unknown>, success: string) => void action.run(call, { success }).then((r) => r !== undefined && onDone());
  const ref = { siteId, ideaId: item.ideaId };
  return (
    <li className="space-y-3 rounded-lg border border-neutral-800 p-3" data-testid="approved-idea">
      <div>
        <h3 className="font-medium">{item.title}</h3>
        <p className="text-sm text-neutral-400">
          {item.status} · {item.votes === 1 ? "1 vote" : `${item.votes} votes`}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <SelectField label="Column" value={column} options={feedback.columns.map((c) => ({ value: c, label: c }))} onChange={setColumn} />
        <Button loading={action.pending} disabled={column === item.status} onClick={() => run(() => siteRpc.call("updateRoadmapIdea", { ...ref, column }), `Moved to ${column}; its voters are emailed`)}>
          Move
        </Button>
      </div>
      {others.length ? (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField label="Merge into" value={into} options={others.map((i) => ({ value: i.itemId, label: `${i.title} (${i.votes})` }))} onChange={setInto} />
          <Button variant="secondary" loading={action.pending} onClick={() => run(() => siteRpc.call("mergeRoadmapIdea", { ...ref, intoItemId: into }), "Merged; its voters are told where their vote went")}>
            Merge
          </Button>
        </div>
      ) : null}
      <div className="space-y-2">
        <TextArea label="Reply (emailed to its voters)" value={reply} onChange={setReply} maxLength={1000} rows={2} />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" loading={action.pending} onClick={() => run(() => siteRpc.call("rejectRoadmapIdea", { ...ref, reply }), "Declined; its voters get your reply")}>
            Decline
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Remove from the board
          </Button>
        </div>
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={`Remove “${item.title}”?`}>
        <p className="text-sm text-neutral-300">It leaves the board and its {item.votes === 1 ? "vote goes" : `${item.votes} votes go`} with it. Nobody is emailed; to tell its voters, decline it with a reply instead.</p>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button variant="danger" loading={action.pending} onClick={() => run(() => siteRpc.call("removeRoadmapIdea", ref), "Removed from the board")}>
            Remove
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
