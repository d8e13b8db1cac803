/**
 * The chat launcher of published sites and the embeddable widget: one file, no dependencies, one global
 * (window.PagewrightWidget). A floating button opens the site's own /_/chat page in an iframe, so the chat is served
 * from the site's host (its password cookie applies) and loads only when opened.
 *   On a published site:  <script async src="/_/widget.js" data-frame="/_/chat" data-color="#2255dd"></script>
 *   In any other page:    <script async src="https://APP/widget.js" data-site="SITE_ID"></script>
 *                          (data-position="bottom-left", data-color="#aa3300" override the dashboard's settings)
 *   API: PagewrightWidget.open("prefilled message"), .close(), .toggle()
 */

type WidgetApi = { open: (message?: string) => Promise<void>; close: () => Promise<void>; toggle: () => Promise<void> };
/** `label`, `closeLabel`: the site's words for the launcher (and its panel) and the panel's × (English otherwise). */
type WidgetConfig = { frameUrl: string; color?: string; position?: string; label?: string; closeLabel?: string };

declare global {
  interface Window {
    PagewrightWidget?: WidgetApi;
  }
}

const script = document.currentScript as HTMLScriptElement | null;
if (script && !window.PagewrightWidget) start(script);

function start(script: HTMLScriptElement): void {
  const d = script.dataset;
  const colour = (c: string | undefined, fallback: string) => (/^#[0-9a-f]{6}$/i.test(c || "") ? c! : fallback);
  let root: { frameUrl: string } | undefined;
  let panel: HTMLElement | undefined;
  let frame: HTMLIFrameElement | undefined;
  let button: HTMLButtonElement | undefined;
  let frameOrigin = "";
  let frameLoaded = false;
  let pending = "";

  async function config(): Promise<WidgetConfig | null> {
    if (d.frame) return { frameUrl: new URL(d.frame, location.href).href, color: d.color, position: d.position, label: d.label, closeLabel: d.closeLabel };
    if (!d.site) return null;
    const res = await fetch(new URL(`/api/widget/${encodeURIComponent(d.site)}`, script.src));
    if (!res.ok) return null;
    const c = (await res.json()) as WidgetConfig & { enabled: boolean };
    return c.enabled ? { ...c, color: d.color || c.color, position: d.position || c.position } : null;
  }

  function mount(c: WidgetConfig): void {
    const host = document.createElement("div");
    const side = c.position === "bottom-left" ? "left" : "right";
    // The side is on the host, so the What's-new button on the same page can stand clear of the launcher.
    host.setAttribute("data-pagewright-widget", side);
    const shadow = host.attachShadow({ mode: "open" });
    const accent = colour(c.color, "#2255dd");
    shadow.innerHTML =
      `<style>:host{all:initial}button.launch{position:fixed;${side}:20px;bottom:20px;z-index:2147483000;width:56px;height:56px;border-radius:50%;border:0;background:${accent};color:#fff;cursor:pointer;box-shadow:0 4px 14px rgb(0 0 0/.25);display:grid;place-items:center}` +
      `button.launch:focus-visible,button.close:focus-visible{outline:3px solid #fff;outline-offset:-6px}` +
      `.panel{position:fixed;${side}:20px;bottom:88px;z-index:2147483000;width:min(400px,calc(100vw - 40px));height:min(600px,calc(100vh - 120px));border-radius:14px;overflow:hidden;box-shadow:0 10px 40px rgb(0 0 0/.3);background:#fff;display:none}` +
      `.panel.open{display:block}iframe{border:0;width:100%;height:100%}button.close{position:absolute;top:8px;right:8px;width:32px;height:32px;border:0;border-radius:8px;background:rgb(0 0 0/.06);color:#333;cursor:pointer;font:20px/1 system-ui}` +
      // On a phone the open chat fills the screen, so the launcher would sit on its Send button: the panel's own × closes it.
      `@media (max-width:480px){.panel{left:0;right:0;bottom:0;width:100vw;height:100dvh;border-radius:0}.panel.open~button.launch{display:none}}</style>` +
      `<div class="panel" role="dialog" aria-label="Chat"><button class="close" type="button" aria-label="Close chat">×</button></div>` +
      `<button class="launch" type="button" aria-expanded="false"><svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" aria-hidden="true"><path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z"/></svg></button>`;
    panel = shadow.querySelector<HTMLElement>(".panel")!;
    button = shadow.querySelector<HTMLButtonElement>("button.launch")!;
    const label = c.label || "Open chat";
    button.setAttribute("aria-label", label);
    button.title = label;
    if (c.label) panel.setAttribute("aria-label", c.label);
    if (c.closeLabel) shadow.querySelector("button.close")!.setAttribute("aria-label", c.closeLabel);
    button.addEventListener("click", () => void toggle());
    shadow.querySelector("button.close")!.addEventListener("click", () => void close());
    frameOrigin = new URL(c.frameUrl).origin;
    root = { frameUrl: c.frameUrl };
    document.body.append(host);
  }

  function send(): void {
    if (pending && frameLoaded) {
      frame!.contentWindow!.postMessage({ type: "pagewright:prefill", message: pending }, frameOrigin);
      pending = "";
    }
  }

  async function open(message?: string): Promise<void> {
    await ready;
    if (!root || !panel || !button) return;
    if (typeof message === "string") pending = message.slice(0, 1000);
    if (!frame) {
      frame = document.createElement("iframe");
      frame.title = button.getAttribute("aria-label") ?? "";
      frame.allow = "clipboard-write";
      frame.addEventListener("load", () => {
        frameLoaded = true;
        send();
      });
      frame.src = root.frameUrl;
      panel.append(frame);
    }
    panel.classList.add("open");
    button.setAttribute("aria-expanded", "true");
    send();
    frame.focus();
  }

  async function close(): Promise<void> {
    await ready;
    if (!root || !panel || !button) return;
    panel.classList.remove("open");
    button.setAttribute("aria-expanded", "false");
    button.focus();
  }

  const toggle = () => (panel && panel.classList.contains("open") ? close() : open());

  addEventListener("message", (e: MessageEvent<{ type?: string } | null>) => {
    if (frame && e.source === frame.contentWindow && e.data?.type === "pagewright:close") void close();
  });
  addEventListener("keydown", (e) => {
    if (e.key === "Escape" && panel?.classList.contains("open")) void close();
  });

  const ready: Promise<void> = config()
    .then((c) => {
      if (!c) return;
      if (document.body) mount(c);
      else return new Promise<void>((r) => addEventListener("DOMContentLoaded", () => r(mount(c))));
    })
    .catch(() => undefined)
    .then(() => void dispatchEvent(new Event("pagewright-widget:ready")));
  window.PagewrightWidget = { open, close, toggle };
}

export {};
