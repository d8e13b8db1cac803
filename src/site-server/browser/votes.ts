/**
 * The roadmap board's island (/_/votes.js): the vote forms work without it; with it, a vote is one click without a
 * reload, counts are fresh (the page itself may come from a cache) and the visitor's own votes show as pressed.
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
        // Not known on this roadmap yet: the page that asks for the email.
        window.location.assign(new URL(`?item=${encodeURIComponent(item)}`, button.form!.action).href);
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

void refresh();
