"use client";

import { useEffect } from "react";
import { usePathname } from "next/navigation";
import { readPublicConfig } from "@/lib/public-config";
import { loadSupportChat } from "@/components/tracking/support-chat";

export const isNewSitePath = (path: string | null) => path === "/new-site" || Boolean(path?.startsWith("/new-site/"));

/** docs/product.md §2: marketing widgets (the support chat launcher) load on every page except the site-creation flow. */
export function MarketingWidgets() {
  const pathname = usePathname();
  useEffect(() => {
    const id = readPublicConfig().tracking.crispWebsiteId;
    if (id && !isNewSitePath(pathname)) loadSupportChat(id);
  }, [pathname]);
  return null;
}
