"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { Icon } from "./icon";
import type { NavItem, NavLink } from "./types";

/** Closes something on Escape (focus back to its button) and on a pointer press outside `inside`. */
function useDismiss(open: boolean, close: () => void, inside: React.RefObject<HTMLElement | null>, button: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      close();
      button.current?.focus();
    };
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!inside.current?.contains(target) && !button.current?.contains(target)) close();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [open, close, inside, button]);
}

function Dropdown({ label, items }: { label: string; items: NavLink[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss(open, () => setOpen(false), wrapper, button);
  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-1 rounded-md px-3 py-2 font-medium text-neutral-800 hover:bg-neutral-100"
      >
        {label}
        <Icon name="chevron" className={`h-4 w-4 transition-transform ${open ? "rotate-180" : ""}`} />
      </button>
      <div id={id} hidden={!open} className="absolute left-0 top-full z-40 mt-2 w-80 rounded-xl border border-neutral-200 bg-white p-2 shadow-xl">
        <ul>
          {items.map((item) => (
            <li key={item.href}>
              <Link href={item.href} onClick={() => setOpen(false)} className="block rounded-lg px-3 py-2 hover:bg-neutral-100">
                <span className="block font-medium text-neutral-900">{item.label}</span>
                {item.description ? <span className="block text-sm text-neutral-700">{item.description}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

const ACCOUNT_LINK_STYLES = {
  bar: {
    wrapper: "hidden items-center gap-2 md:flex",
    signIn: "rounded-md px-3 py-2 font-medium text-neutral-800 hover:bg-neutral-100",
    cta: "rounded-md bg-[#2255dd] px-4 py-2 font-medium text-white hover:bg-[#1a44b8]",
  },
  menu: {
    wrapper: "mt-4 grid gap-2",
    signIn: "rounded-md border border-neutral-300 px-4 py-2.5 text-center font-medium text-neutral-900",
    cta: "rounded-md bg-[#2255dd] px-4 py-2.5 text-center font-medium text-white",
  },
} as const;

/** Sign in and the call to action: in the bar on wide screens, at the foot of the mobile menu. */
function AccountLinks({ signIn, cta, variant }: { signIn: NavLink; cta: NavLink; variant: keyof typeof ACCOUNT_LINK_STYLES }) {
  const { wrapper: className, signIn: signInClass, cta: ctaClass } = ACCOUNT_LINK_STYLES[variant];
  return (
    <div className={className}>
      <Link href={signIn.href} className={signInClass}>
        {signIn.label}
      </Link>
      <Link href={cta.href} className={ctaClass}>
        {cta.label}
      </Link>
    </div>
  );
}

/**
 * The marketing nav bar (SPEC §1): dropdowns on wide screens, a menu button under `md` that opens a panel over a
 * backdrop. Both close on Escape, on a click outside and when a link is followed.
 */
export function NavBar({ brand, items, signIn, cta }: { brand: string; items: NavItem[]; signIn: NavLink; cta: NavLink }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  useDismiss(menuOpen, () => setMenuOpen(false), panel, menuButton);

  return (
    <header className="sticky top-0 z-30 border-b border-neutral-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-[1200px] items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="text-lg font-bold tracking-tight text-neutral-900">
          {brand}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {items.map((item) =>
            "items" in item ? (
              <Dropdown key={item.label} label={item.label} items={item.items} />
            ) : (
              <Link key={item.href} href={item.href} className="rounded-md px-3 py-2 font-medium text-neutral-800 hover:bg-neutral-100">
                {item.label}
              </Link>
            ),
          )}
        </nav>
        <AccountLinks signIn={signIn} cta={cta} variant="bar" />
        <button
          ref={menuButton}
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((o) => !o)}
          className="grid h-11 w-11 place-items-center rounded-md text-neutral-900 hover:bg-neutral-100 md:hidden"
        >
          <Icon name={menuOpen ? "close" : "menu"} className="h-6 w-6" />
        </button>
      </div>
      {menuOpen ? <div aria-hidden="true" data-testid="menu-backdrop" className="fixed inset-0 top-16 z-30 bg-black/40 md:hidden" /> : null}
      <div
        ref={panel}
        id={menuId}
        hidden={!menuOpen}
        // A followed link closes the menu: the bar stays mounted across client-side navigations.
        onClick={(e) => (e.target as HTMLElement).closest("a") && setMenuOpen(false)}
        className="absolute inset-x-0 top-16 z-40 max-h-[calc(100dvh-9rem)] overflow-y-auto border-b border-neutral-200 bg-white px-4 pb-6 shadow-xl md:hidden">
        <nav aria-label="Mobile">
          {items.map((item) =>
            "items" in item ? (
              <div key={item.label} className="border-b border-neutral-100 py-3">
                <p className="px-2 text-sm font-semibold text-neutral-700">{item.label}</p>
                <ul className="mt-1">
                  {item.items.map((l) => (
                    <li key={l.href}>
                      <Link href={l.href} className="block rounded-md px-2 py-2.5 text-neutral-900 hover:bg-neutral-100">
                        {l.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <Link key={item.href} href={item.href} className="block border-b border-neutral-100 px-2 py-3.5 font-medium text-neutral-900">
                {item.label}
              </Link>
            ),
          )}
        </nav>
        <AccountLinks signIn={signIn} cta={cta} variant="menu" />
      </div>
    </header>
  );
}
