/**
 * The roadmap board's island (/_/votes.js): the vote forms work without it; with it, a vote is one click without a
 * reload, counts are fresh (the page itself may come from a cache) and the visitor's own votes show as pressed. A
 * first vote asks for the email right on the card, naming the item; back from the confirmation link, the card says
 * the vote counts.
 */
type VoteState = { counts: Record<string, number>; mine: string[]; known: boolean };

const buttons = [...document.querySelectorAll<HTMLButtonElement>("form.vote button[data-item]")];
const form = buttons[0]?.form;
const votesUrl = form ? form.action.replace(/\/_\/vote$/, "/_/votes") : null;

function show(button: HTMLButtonElement, count: number, voted: boolean): void {
  button.querySelector(".vote-count")!.textContent = String(count);
  button.setAttribute("aria-pressed", String(voted));
}

async function refresh(): Promise<void> {
  if (!votesUrl) return;
  const res = await fetch(votesUrl, { headers: { accept: "application/json" }, credentials: "same-origin" });
  if (!res.ok) return;
  const state = (await res.json()) as VoteState;
  for (const button of buttons) show(button, state.counts[button.dataset.item!] ?? 0, state.mine.includes(button.dataset.item!));
  if (state.known) document.querySelector<HTMLElement>(".idea-email")?.remove();
}

for (const button of buttons) {
  button.form!.addEventListener("submit", async (event) => {
    event.preventDefault();
    const item = button.dataset.item!;
    const vote = button.getAttribute("aria-pressed") !== "true";
    button.disabled = true;
    try {
      const res = await fetch(button.form!.action, {
        method: "POST",
        headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ item, vote: vote ? "1" : "0" }),
        credentials: "same-origin",
      });
      if (res.status === 401) {
        // Not known on this roadmap yet: the email, asked on the card itself.
        askForEmail(button, item);
        return;
      }
      if (!res.ok) return;
      const result = (await res.json()) as { count: number; voted: boolean };
      show(button, result.count, result.voted);
    } finally {
      button.disabled = false;
    }
  });
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, text = ""): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  if (text) node.textContent = text;
  return node;
}

const titleOf = (button: HTMLButtonElement) => button.dataset.title ?? "this item";
const cardOf = (button: HTMLButtonElement) => button.closest<HTMLElement>("li, .entry-header") ?? button.form!;

/** The email form on the card (a plain form underneath: without fetch's answer it posts as the page would). */
function askForEmail(button: HTMLButtonElement, item: string): void {
  const card = cardOf(button);
  card.querySelector(".vote-ask")?.remove();
  const box = el("form", { className: "vote-ask", method: "post", action: button.form!.action });
  const input = el("input", { type: "email", name: "email", required: true, maxLength: 254, autocomplete: "email", placeholder: "you@example.com" });
  const label = el("label", {}, "Your email");
  label.append(input);
  box.append(el("p", { className: "vote-ask-title" }, `Vote for “${titleOf(button)}”`), label);
  box.append(el("input", { type: "hidden", name: "item", value: item }), el("input", { type: "hidden", name: "vote", value: "1" }), el("button", { type: "submit" }, "Send the link"));
  box.addEventListener("submit", async (event) => {
    event.preventDefault();
    const res = await fetch(box.action, { method: "POST", headers: { accept: "application/json" }, body: new URLSearchParams(new FormData(box) as unknown as Record<string, string>), credentials: "same-origin" }).catch(() => null);
    if (!res || res.status !== 202) return box.submit();
    box.replaceChildren(el("h3", {}, "Check your inbox"), el("p", {}, `Click the link we sent to confirm your email: your vote for “${titleOf(button)}” counts from then on.`));
    box.setAttribute("role", "status");
  });
  card.append(box);
  input.focus();
}

/** Back from the confirmation link (`?voted=1#vote-<item>`): the card says the vote counts. */
function confirmVote(): void {
  const url = new URL(window.location.href);
  const item = url.hash.startsWith("#vote-") ? decodeURIComponent(url.hash.slice(6)) : null;
  const button = item ? buttons.find((b) => b.dataset.item === item) : undefined;
  if (url.searchParams.get("voted") !== "1" || !button) return;
  cardOf(button).append(el("p", { className: "vote-confirmed", role: "status" } as Partial<HTMLParagraphElement>, `Thanks! Your vote for “${titleOf(button)}” counts.`));
  url.searchParams.delete("voted");
  history.replaceState(null, "", url.href);
}

confirmVote();
void refresh();
