/**
 * react-notion-x logs a line per missing block, user or emoji, and a block type it cannot draw, on every render ("\"p\" missing block <id>"), which
 * floods the log on real pages that mention pages outside the site. While one page renders (synchronously), those
 * lines are counted and then written as one line for the page.
 */
const NOTE = /^("[^"]*" )?missing (block|user|custom emoji)|^Unsupported external_object_instance|^Unsupported block type|^unsupported text format/;

export function withRenderNotes<T>(label: string, render: () => T): T {
  const original = console.log;
  const counts = new Map<string, number>();
  console.log = (...args: unknown[]) => {
    const first = typeof args[0] === "string" ? args[0] : "";
    const match = NOTE.exec(first);
    if (!match) return original(...args);
    const words = first.split(" ");
    const kind = match[2] ? `missing ${match[2]}` : first.startsWith("Unsupported block type") ? `unsupported block ${words[3] ?? ""}`.trim() : words.slice(0, 2).join(" ");
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  };
  try {
    return render();
  } finally {
    console.log = original;
    if (counts.size) console.log(`[render] ${label}: ${[...counts].map(([kind, n]) => `${kind} ×${n}`).join(", ")} (react-notion-x)`);
  }
}
