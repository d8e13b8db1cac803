import { Icon } from "./icon";
import type { NavItem, NavLink } from "./types";

/*
 * Static markup: the website ships no framework. The page's script (browser/enhance.ts) opens and closes every
 * `[data-disclosure]` button's panel, keeping aria-expanded, the menu button's label and icon, and the backdrop in step.
 */

const idFor = (label: string) => `nav-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/** A dropdown of links: the page's script opens it and closes it on Escape, a click outside or a followed link. */
function Dropdown({ label, items }: { label: string; items: NavLink[] }) {
  const id = idFor(label);
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded="false"
        aria-controls={id}
        data-disclosure=""
        className="group flex items-center gap-1 rounded-md px-3 py-2 font-medium text-neutral-800 hover:bg-neutral-100"
      >
        {label}
        <Icon name="chevron" className="h-4 w-4 transition-transform group-aria-expanded:rotate-180" />
      </button>
      <div id={id} hidden className="absolute left-0 top-full z-40 mt-2 w-80 rounded-xl border border-neutral-200 bg-white p-2 shadow-xl">
        <ul>
          {items.map((item) => (
            <li key={item.href}>
              <a href={item.href} className="block rounded-lg px-3 py-2 hover:bg-neutral-100">
                <span className="block font-medium text-neutral-900">{item.label}</span>
                {item.description ? <span className="block text-sm text-neutral-700">{item.description}</span> : null}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

const MOBILE_MENU_ID = "mobile-menu";
const MOBILE_MENU_BACKDROP_ID = "mobile-menu-backdrop";

const ACCOUNT_LINK_STYLES = {
  bar: {
    wrapper: "hidden items-center gap-2 md:flex",
    signIn: "rounded-md px-3 py-2 font-medium text-neutral-800 hover:bg-neutral-100",
    cta: "rounded-md bg-[#2255dd] px-4 py-2 font-medium text-white hover:bg-[#1a44b8]",
  },
  menu: {
    wrapper: "grid grid-cols-2 gap-2 border-b border-neutral-100 py-4",
    signIn: "rounded-md border border-neutral-300 px-4 py-2.5 text-center font-medium text-neutral-900",
    cta: "rounded-md bg-[#2255dd] px-4 py-2.5 text-center font-medium text-white",
  },
} as const;

/** Sign in and the call to action: in the bar on wide screens, at the top of the mobile menu (never below its fold). */
function AccountLinks({ signIn, cta, variant }: { signIn: NavLink; cta: NavLink; variant: keyof typeof ACCOUNT_LINK_STYLES }) {
  const { wrapper: className, signIn: signInClass, cta: ctaClass } = ACCOUNT_LINK_STYLES[variant];
  return (
    <div className={className}>
      <a href={signIn.href} className={signInClass}>
        {signIn.label}
      </a>
      <a href={cta.href} className={ctaClass}>
        {cta.label}
      </a>
    </div>
  );
}

/**
 * The marketing nav bar (docs/product.md §1): dropdowns on wide screens, a menu button under `md` that opens a panel over a
 * backdrop. Both close on Escape, on a click outside and when a link is followed.
 */
export function NavBar({ brand, items, signIn, cta }: { brand: string; items: NavItem[]; signIn: NavLink; cta: NavLink }) {
  return (
    <header className="sticky top-0 z-30 border-b border-neutral-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-[1200px] items-center justify-between gap-4 px-4 sm:px-6">
        <a href="/" className="text-lg font-bold tracking-tight text-neutral-900">
          {brand}
        </a>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {items.map((item) =>
            "items" in item ? (
              <Dropdown key={item.label} label={item.label} items={item.items} />
            ) : (
              <a key={item.href} href={item.href} className="rounded-md px-3 py-2 font-medium text-neutral-800 hover:bg-neutral-100">
                {item.label}
              </a>
            ),
          )}
        </nav>
        <AccountLinks signIn={signIn} cta={cta} variant="bar" />
        <button
          type="button"
          aria-expanded="false"
          aria-controls={MOBILE_MENU_ID}
          aria-label="Open menu"
          data-disclosure=""
          data-label-closed="Open menu"
          data-label-open="Close menu"
          data-backdrop={MOBILE_MENU_BACKDROP_ID}
          className="group grid h-11 w-11 place-items-center rounded-md text-neutral-900 hover:bg-neutral-100 md:hidden"
        >
          <Icon name="menu" className="h-6 w-6 group-aria-expanded:hidden" />
          <Icon name="close" className="hidden h-6 w-6 group-aria-expanded:block" />
        </button>
      </div>
      <div id={MOBILE_MENU_BACKDROP_ID} hidden aria-hidden="true" data-testid="menu-backdrop" className="fixed inset-0 top-16 z-30 bg-black/40 md:hidden" />
      <div
        id={MOBILE_MENU_ID}
        hidden
        className="absolute inset-x-0 top-16 z-40 max-h-[calc(100dvh-9rem)] overflow-y-auto border-b border-neutral-200 bg-white px-4 pb-6 shadow-xl md:hidden"
      >
        <AccountLinks signIn={signIn} cta={cta} variant="menu" />
        <nav aria-label="Mobile">
          {items.map((item) =>
            "items" in item ? (
              <div key={item.label} className="border-b border-neutral-100 py-3">
                <p className="px-2 text-sm font-semibold text-neutral-700">{item.label}</p>
                <ul className="mt-1">
                  {item.items.map((l) => (
                    <li key={l.href}>
                      <a href={l.href} className="block rounded-md px-2 py-2.5 text-neutral-900 hover:bg-neutral-100">
                        {l.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <a key={item.href} href={item.href} className="block border-b border-neutral-100 px-2 py-3.5 font-medium text-neutral-900">
                {item.label}
              </a>
            ),
          )}
        </nav>
      </div>
    </header>
  );
}
