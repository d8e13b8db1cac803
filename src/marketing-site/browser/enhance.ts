/**
 * The product website's only script (about 2 KB minified, bundled by ../browser-script.ts): nav dropdowns and the
 * mobile menu, modals, keeping a sign-up link's `signupReason` (docs/product.md §2), and the support chat launcher.
 * The pages work without it: links, the FAQ (<details>) and every text are plain HTML.
 */
import { keepSignupReason } from "@/lib/signup-reason-storage";
import { loadSupportChat } from "@/components/tracking/support-chat";

const FOCUSABLE = "a[href], button:not([disabled]), input, select, textarea, video[controls], [tabindex]:not([tabindex='-1'])";

// --- Disclosures: a button with aria-controls shows or hides its panel (dropdowns, the mobile menu). ---

const disclosures = Array.from(document.querySelectorAll<HTMLButtonElement>("button[data-disclosure]"));

function setExpanded(button: HTMLButtonElement, open: boolean): void {
  button.setAttribute("aria-expanded", String(open));
  const panel = document.getElementById(button.getAttribute("aria-controls") ?? "");
  if (panel) panel.hidden = !open;
  const backdrop = button.dataset.backdrop ? document.getElementById(button.dataset.backdrop) : null;
  if (backdrop) {
    backdrop.hidden = !open;
    // The page behind a full-screen menu stays put.
    document.documentElement.style.overflow = open ? "hidden" : "";
  }
  const label = open ? button.dataset.labelOpen : button.dataset.labelClosed;
  if (label) button.setAttribute("aria-label", label);
}

const isExpanded = (button: HTMLButtonElement) => button.getAttribute("aria-expanded") === "true";
const panelOf = (button: HTMLButtonElement) => document.getElementById(button.getAttribute("aria-controls") ?? "");

for (const button of disclosures) {
  button.addEventListener("click", () => {
    const open = !isExpanded(button);
    for (const other of disclosures) if (other !== button && isExpanded(other)) setExpanded(other, false);
    setExpanded(button, open);
  });
  // A followed link closes its panel (the page may come back from the back/forward cache).
  panelOf(button)?.addEventListener("click", (e) => {
    if ((e.target as Element).closest("a")) setExpanded(button, false);
  });
}

document.addEventListener("pointerdown", (e) => {
  const target = e.target as Node;
  for (const button of disclosures) {
    if (isExpanded(button) && !button.contains(target) && !panelOf(button)?.contains(target)) setExpanded(button, false);
  }
});

// --- Modals: [data-modal-open="id"] puts a copy of <template id="id"> into the page while it is open. ---

let openModal: { modal: HTMLElement; opener: HTMLElement } | null = null;

function showModal(template: HTMLTemplateElement, opener: HTMLElement): void {
  closeModal();
  const modal = template.content.firstElementChild!.cloneNode(true) as HTMLElement;
  modal.addEventListener("mousedown", (e) => e.target === modal && closeModal());
  modal.querySelector("[data-modal-close]")?.addEventListener("click", closeModal);
  document.body.append(modal);
  openModal = { modal, opener };
  const dialog = modal.querySelector<HTMLElement>("[role=dialog]")!;
  const first = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).find((el) => !el.hasAttribute("data-modal-close"));
  (first ?? dialog).focus();
}

function closeModal(): void {
  if (!openModal) return;
  const { modal, opener } = openModal;
  openModal = null;
  modal.remove(); // a playing video stops with it
  opener.focus();
}

for (const opener of document.querySelectorAll<HTMLElement>("[data-modal-open]")) {
  const template = document.getElementById(opener.dataset.modalOpen ?? "");
  if (template instanceof HTMLTemplateElement) opener.addEventListener("click", () => showModal(template, opener));
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") {
    if (openModal) return closeModal();
    const open = disclosures.find(isExpanded);
    if (open) {
      setExpanded(open, false);
      open.focus();
    }
    return;
  }
  // Tab stays inside an open modal.
  if (e.key !== "Tab" || !openModal) return;
  const items = Array.from(openModal.modal.querySelectorAll<HTMLElement>(FOCUSABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
});

// --- docs/product.md §2: a sign-up link's reason is kept for signup tracking; the chat launcher loads on every page here. ---

keepSignupReason(window.location.search);
const crispWebsiteId = (document.currentScript as HTMLScriptElement | null)?.dataset.crispWebsiteId;
if (crispWebsiteId) loadSupportChat(crispWebsiteId);
