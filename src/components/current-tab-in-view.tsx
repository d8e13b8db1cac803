"use client";

import { useEffect, useRef } from "react";

/**
 * On a phone the settings menu is a sideways strip: the current screen's tab is scrolled into it, so the owner sees
 * where they are. Only the strip scrolls, never the page.
 */
export function CurrentTabInView({ current }: { current: string }) {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const strip = marker.current?.closest("nav");
    const tab = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !tab || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = tab.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2;
  }, [current]);
  return <span ref={marker} hidden />;
}
