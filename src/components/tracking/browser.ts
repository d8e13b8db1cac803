"use client";

import type { PublicConfig } from "@/env";
import { userRpc } from "@/rpc/client";
import { SIGNUP_CONVERSION_KEY, type ConversionEvent, type ConversionProperties, type UserMarkers } from "@/integrations/tracking";

/**
 * Conversion tracking in the browser (docs/product.md §7, §9): each destination whose variable is set gets each event; none set
 * → nothing is loaded or sent. Scripts load lazily on the first event (not on page load), so pages stay fast and a
 * visitor who converts nothing loads nothing.
 */

type Tracking = PublicConfig["tracking"];
type Queue = ((...args: unknown[]) => void) & { q?: unknown[][]; queue?: unknown[][] };
type TrackingWindow = Window & {
  dataLayer?: unknown[];
  gtag?: Queue;
  fbq?: Queue;
  twq?: Queue;
  plausible?: Queue;
  $crisp?: unknown[];
};

const POSTHOG_CAPTURE_URL = "https://us.i.posthog.com/i/v0/e/";
const DISTINCT_ID_KEY = "tracking-distinct-id";

function loadScript(src: string, attrs: Record<string, string> = {}): void {
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  for (const [k, v] of Object.entries(attrs)) script.setAttribute(k, v);
  document.head.append(script);
}

function queue(w: TrackingWindow, name: "gtag" | "fbq" | "twq" | "plausible"): Queue {
  if (!w[name]) {
    const q: Queue = (...args: unknown[]) => {
      (q.q ??= []).push(args);
    };
    w[name] = q;
  }
  return w[name];
}

function distinctId(): string {
  try {
    let id = localStorage.getItem(DISTINCT_ID_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DISTINCT_ID_KEY, id);
    }
    return id;
  } catch {
    return "anonymous";
  }
}

const FACEBOOK_STANDARD: Partial<Record<ConversionEvent, string>> = { SignUp: "CompleteRegistration", upgrade: "Purchase", "upgrade intent": "InitiateCheckout" };

type Destination = { track(event: ConversionEvent, props: ConversionProperties): void; identify?(markers: UserMarkers, userId: string): void };

function destinations(config: Tracking): Destination[] {
  const w = window as TrackingWindow;
  const out: Destination[] = [];
  if (config.googleAdsId) {
    const id = config.googleAdsId;
    out.push({
      track(event, props) {
        if (!w.dataLayer) {
          w.dataLayer = [];
          w.gtag = function gtag() {
            // gtag.js reads the arguments object itself from dataLayer.
            // eslint-disable-next-line prefer-rest-params
            w.dataLayer!.push(arguments);
          } as Queue;
          w.gtag("js", new Date());
          w.gtag("config", id);
          loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
        }
        w.gtag!("event", "conversion", { send_to: `${id}/${event === "SignUp" ? SIGNUP_CONVERSION_KEY : event}`, ...props });
      },
    });
  }
  if (config.facebookPixelId) {
    const id = config.facebookPixelId;
    out.push({
      track(event, props) {
        if (!w.fbq) {
          queue(w, "fbq")("init", id);
          loadScript("https://connect.facebook.net/en_US/fbevents.js");
        }
        const standard = FACEBOOK_STANDARD[event];
        w.fbq!(standard ? "track" : "trackCustom", standard ?? event, props);
      },
    });
  }
  if (config.twitterPixelId) {
    const id = config.twitterPixelId;
    out.push({
      track(event, props) {
        if (!w.twq) {
          queue(w, "twq")("config", id);
          loadScript("https://static.ads-twitter.com/uwt.js");
        }
        w.twq!("event", `tw-${id}-${event}`, props);
      },
    });
  }
  if (config.posthogKey) {
    const key = config.posthogKey;
    // PostHog's capture API directly: no 50 KB SDK for a handful of events.
    const capture = (event: string, properties: Record<string, unknown>) =>
      void fetch(POSTHOG_CAPTURE_URL, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ api_key: key, event, distinct_id: distinctId(), properties: { $current_url: location.href, ...properties }, timestamp: new Date().toISOString() }),
        keepalive: true,
      }).catch(() => undefined);
    out.push({
      track: (event, props) => capture(event, props),
      identify: (markers, userId) => capture("$identify", { $anon_distinct_id: distinctId(), distinct_id: userId, $set: markers }),
    });
  }
  if (config.plausibleDomain) {
    const domain = config.plausibleDomain;
    out.push({
      track(event, props) {
        if (!w.plausible) {
          queue(w, "plausible");
          loadScript("https://plausible.io/js/script.manual.js", { "data-domain": domain });
        }
        const { value, currency, ...rest } = props;
        const revenue = typeof value === "number" && typeof currency === "string" ? { revenue: { amount: value, currency } } : {};
        w.plausible!(event, { props: rest, ...revenue });
      },
    });
  }
  if (config.crispWebsiteId) {
    out.push({
      track(event, props) {
        (w.$crisp ??= []).push(["set", "session:event", [[[event, props]]]]);
      },
      identify(markers) {
        const segments = [markers.paying && "paying", markers.lifetimeDeal && "lifetime-deal", markers.planPriceUsd && `plan-price-usd-${markers.planPriceUsd}`].filter(Boolean);
        (w.$crisp ??= []).push(["set", "session:segments", [segments]]);
        if (markers.planPriceUsd) (w.$crisp ??= []).push(["set", "session:data", [[["user-plan", markers.planPriceUsd]]]]);
      },
    });
  }
  if (config.emailEvents) {
    out.push({
      // Server-side: the provider's key is secret and the user's address is the server's to know.
      track: (event, props) => void userRpc.call("trackConversionEvent", { event, properties: props as Record<string, string | number | boolean | null> }).catch(() => undefined),
    });
  }
  return out;
}

let cached: { config: Tracking; list: Destination[] } | null = null;
const active = (config: Tracking) => (cached?.config === config ? cached.list : (cached = { config, list: destinations(config) }).list);

/** Sends a conversion event to every configured destination; a destination failing never breaks the page. */
export function trackConversion(config: Tracking, event: ConversionEvent, props: ConversionProperties = {}): void {
  for (const d of active(config)) {
    try {
      d.track(event, props);
    } catch (err) {
      console.warn(`[tracking] ${event} failed`, err);
    }
  }
}

export function identifyUser(config: Tracking, userId: string, markers: UserMarkers): void {
  for (const d of active(config)) {
    try {
      d.identify?.(markers, userId);
    } catch (err) {
      console.warn("[tracking] identify failed", err);
    }
  }
}
