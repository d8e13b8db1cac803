import { describe, expect, it } from "vitest";
import { emailLinkDelivery, emailSignInEnabled } from "@/auth/auth-options";

describe("where the sign-in page says a magic link went (review O7)", () => {
  it("says the inbox only with an email provider, the server log otherwise", () => {
    expect(emailLinkDelivery({ PLUNK_API_KEY: "sk_live" })).toBe("inbox");
    expect(emailLinkDelivery({ PLUNK_API_KEY: undefined })).toBe("server-log");
    // The form is still offered on a development instance without a provider: that is where the notice matters.
    expect(emailSignInEnabled({ PLUNK_API_KEY: undefined, testLoginEnabled: false, NODE_ENV: "development" })).toBe(true);
  });
});
