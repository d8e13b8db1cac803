import { headers } from "next/headers";
import { Providers } from "./providers";

/** The providers, with this response's CSP nonce (src/proxy.ts) for the theme's inline script. */
export default async function AppLayout({ children }: { children: React.ReactNode }) {
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return <Providers nonce={nonce}>{children}</Providers>;
}
