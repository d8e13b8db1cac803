"use client";

import { openFeedbackChat } from "@/components/tracking/support-chat";

/** docs/product.md §1/§8: opens the support chat prefilled with a greeting and the feedback text; without the chat, it does nothing. */
export function FeedbackButton({ text, className = "" }: { text: string; className?: string }) {
  return (
    <button type="button" onClick={() => openFeedbackChat(text)} className={className}>
      Feedback
    </button>
  );
}
