import type { ReactNode } from "react";
import { Icon } from "./icon";

/*
 * Modals as static markup (docs/product.md §1): each is a <template>, and a button names it with `data-modal-open`. The page's
 * script (browser/enhance.ts) puts a copy into the page, moves focus in and keeps it there, and removes it on Escape,
 * the backdrop or ×, giving focus back to the button. Nothing inside (the tour video) loads before the modal opens.
 */

const TRIGGER = "inline-flex items-center gap-2 rounded-md border border-neutral-300 bg-white px-5 py-3 font-medium text-neutral-900 hover:bg-neutral-50";

function Modal({ id, title, wide = false, children }: { id: string; title: string; wide?: boolean; children: ReactNode }) {
  return (
    <template id={id}>
      <div data-testid="dialog-backdrop" className="fixed inset-0 z-50 flex items-end justify-center bg-black/60 p-3 sm:items-center">
        <div role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1} className={`fade-in w-full ${wide ? "max-w-4xl" : "max-w-lg"} rounded-xl border border-neutral-200 bg-white p-5 text-neutral-900 shadow-xl outline-none`}>
          <div className="flex items-start justify-between gap-4">
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {title}
            </h2>
            <button type="button" data-modal-close="" aria-label="Close" className="rounded px-2 text-xl leading-none opacity-70 hover:opacity-100">
              ×
            </button>
          </div>
          <div className="mt-3">{children}</div>
        </div>
      </div>
    </template>
  );
}

/** A button that opens a modal with server-rendered content. */
export function ModalButton({ id, label, title, children, className = TRIGGER }: { id: string; label: string; title: string; children: ReactNode; className?: string }) {
  return (
    <>
      <button type="button" aria-haspopup="dialog" data-modal-open={id} className={className}>
        {label}
      </button>
      <Modal id={id} title={title}>
        {children}
      </Modal>
    </>
  );
}

/**
 * The video modal (docs/product.md §1): the video is only requested once the modal opens (nothing loads with the page), plays
 * muted inline (it has no sound track), and stops when the modal closes because the element is removed.
 */
export function VideoModalButton({ id, label, title, src, poster, description }: { id: string; label: string; title: string; src: string; poster: string; description: string }) {
  return (
    <>
      <button type="button" aria-haspopup="dialog" data-modal-open={id} className={TRIGGER}>
        <Icon name="play" className="h-4 w-4 fill-current" />
        {label}
      </button>
      <Modal id={id} title={title} wide>
        <video src={src} poster={poster} controls autoPlay muted playsInline preload="metadata" className="aspect-[16/10] w-full rounded-lg bg-neutral-100" aria-describedby={`${id}-description`} />
        <p id={`${id}-description`} className="mt-3 text-sm text-neutral-700">
          {description}
        </p>
      </Modal>
    </>
  );
}
