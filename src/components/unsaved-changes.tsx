"use client";

import { useEffect, useRef, type ReactNode } from "react";

/** Sent on window by a successful save (use-save.ts): what was typed is stored, so leaving is safe again. */
export const SAVED_EVENT = "pagewright:saved";
export const LEAVE_WARNING = "You have unsaved changes on this screen. Leave without saving them?";

/**
 * The dashboard's one save model: every screen is made of forms with their own Save button, and any edit
 * not saved yet makes leaving ask first — a link inside the app (confirm) or closing/reloading the tab
 * (beforeunload). Typing anywhere inside counts as an edit, except in search boxes (filters, not settings) and fields
 * marked `data-not-a-setting` (a chat box).
 */
export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const dirty = useRef(false);

  useEffect(() => {
    const saved = () => void (dirty.current = false);
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      e.preventDefault();
      e.returnValue = ""; // older browsers need it set to show the prompt
    };
    // Capture phase: runs before Next's <Link> handler, so a refused leave never starts the navigation.
    const click = (e: MouseEvent) => {
      if (!dirty.current || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const link = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
      if (!link || link.target === "_blank" || link.hasAttribute("download")) return;
      const to = new URL(link.href, location.href);
      if (to.origin !== location.origin || (to.pathname === location.pathname && to.search === location.search)) return;
      if (window.confirm(LEAVE_WARNING)) dirty.current = false;
      else {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    addEventListener(SAVED_EVENT, saved);
    addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      removeEventListener(SAVED_EVENT, saved);
      removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, []);

  const edited = (target: EventTarget) => {
    if ((target as HTMLInputElement).type === "search" || (target as Element).closest?.("[data-not-a-setting]")) return;
    dirty.current = true;
  };
  return (
    <div onInput={(e) => edited(e.target)} onChange={(e) => edited(e.target)} data-testid="unsaved-changes-guard">
      {children}
    </div>
  );
}
