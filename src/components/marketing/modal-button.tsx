"use client";

import { useId, type ReactNode } from "react";
import { Dialog, useDialogState } from "@/components/dialog";
import { Icon } from "./icon";

const TRIGGER = "inline-flex items-center gap-2 rounded-md border border-neutral-300 bg-white px-5 py-3 font-medium text-neutral-900 hover:bg-neutral-50";

/** A button that opens a modal (SPEC §1) with server-rendered content; closes on Escape, the backdrop or ×. */
export function ModalButton({ label, title, children, className = TRIGGER }: { label: string; title: string; children: ReactNode; className?: string }) {
  const [state, open, close] = useDialogState({});
  return (
    <>
      <button type="button" className={className} onClick={() => open({})}>
        {label}
      </button>
      <Dialog open={state.isOpen} onClose={close} title={title} tone="light">
        {children}
      </Dialog>
    </>
  );
}

/**
 * The video modal (SPEC §1): the video is only requested once the modal opens (nothing loads with the page), plays
 * muted inline (it has no sound track), and stops when the modal closes because the element is removed.
 */
export function VideoModalButton({ label, title, src, poster, description }: { label: string; title: string; src: string; poster: string; description: string }) {
  const [state, open, close] = useDialogState({});
  const descriptionId = useId();
  return (
    <>
      <button type="button" className={TRIGGER} onClick={() => open({})}>
        <Icon name="play" className="h-4 w-4 fill-current" />
        {label}
      </button>
      <Dialog open={state.isOpen} onClose={close} title={title} tone="light" wide>
        <video src={src} poster={poster} controls autoPlay muted playsInline preload="metadata" className="aspect-[16/10] w-full rounded-lg bg-neutral-100" aria-describedby={descriptionId} />
        <p id={descriptionId} className="mt-3 text-sm text-neutral-700">
          {description}
        </p>
      </Dialog>
    </>
  );
}
