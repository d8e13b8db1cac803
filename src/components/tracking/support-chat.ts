"use client";

/** The support chat widget (Crisp, CRISP_WEBSITE_ID): docs/product.md §1 marketing widget and feedback button, §8 missing widget. */

type CrispWindow = Window & { $crisp?: unknown[]; CRISP_WEBSITE_ID?: string };

export const CRISP_SCRIPT = "https://client.crisp.chat/l.js";
export const FEEDBACK_GREETING = "Hi! I have some feedback:";
export const MISSING_CHAT_WARNING = "[support chat] The chat widget is not loaded (set CRISP_WEBSITE_ID): the feedback button does nothing.";

export function loadSupportChat(websiteId: string): void {
  const w = window as CrispWindow;
  if (w.CRISP_WEBSITE_ID) return;
  w.$crisp ??= [];
  w.CRISP_WEBSITE_ID = websiteId;
  const script = document.createElement("script");
  script.src = CRISP_SCRIPT;
  script.async = true;
  document.head.append(script);
}

/** Opens the chat with the greeting and the feedback text typed in; without the widget, a console warning only. */
export function openFeedbackChat(feedbackText: string): boolean {
  const w = window as CrispWindow;
  if (!w.$crisp || !w.CRISP_WEBSITE_ID) {
    console.warn(MISSING_CHAT_WARNING);
    return false;
  }
  w.$crisp.push(["set", "message:text", [`${FEEDBACK_GREETING} ${feedbackText}`.trim()]]);
  w.$crisp.push(["do", "chat:open"]);
  return true;
}
