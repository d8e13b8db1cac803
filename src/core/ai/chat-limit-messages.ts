/** What a visitor (chatbot) or an owner (assistant) is told when a chat limit refuses a message; one wording for both. */
export const CHAT_LIMIT_MESSAGES = {
  visitor: "You're sending messages too quickly. Please wait a minute and try again.",
  visitorDaily: "You've asked all the questions you can today. Please try again tomorrow.",
  site: "This site's assistant is busy right now. Please try again in a few minutes.",
  daily: "This site's assistant has answered all the questions it can today. Please try again tomorrow.",
  off: "The assistant is not available on this site.",
} as const;
