"use client";

import { useState } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { TextField } from "./fields";

/** A destructive action confirmed by typing a word (the site's subdomain, or DELETE for the account). */
export function TypedConfirmDialog(props: {
  open: boolean;
  onClose: () => void;
  title: string;
  word: string;
  fieldLabel: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const [typed, setTyped] = useState("");
  return (
    <Dialog open={props.open} onClose={props.onClose} title={props.title}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (typed === props.word) props.onConfirm();
        }}
      >
        <p className="text-sm text-neutral-300">
          This cannot be undone. Type <strong className="font-mono">{props.word}</strong> to confirm.
        </p>
        <TextField label={props.fieldLabel} autoComplete="off" value={typed} onChange={(e) => setTyped(e.target.value)} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={props.pending} disabled={typed !== props.word}>
            {props.confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
