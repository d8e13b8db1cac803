/** The conversion events of docs/product.md §9, as sent to every configured destination. */
export const CONVERSION = {
  signUp: "SignUp",
  newSite: "new-site",
  upgrade: "upgrade",
  upgradeIntent: "upgrade intent",
  addCustomDomain: "add-custom-domain",
  enableWidget: "enable-widget",
  enableAiChatbot: "enable-ai-chatbot",
} as const;

export type ConversionEvent = (typeof CONVERSION)[keyof typeof CONVERSION];

/** docs/product.md §9: the key under which the sign-up conversion is known to the ads service. */
export const SIGNUP_CONVERSION_KEY = "signupConversion";

export type ConversionProperties = Record<string, string | number | boolean | null | undefined>;

/** docs/product.md §4: what the subscription lookup after sign-in tells tracking about a user. */
export type UserMarkers = { paying: boolean; lifetimeDeal: boolean; planPriceUsd?: string };
