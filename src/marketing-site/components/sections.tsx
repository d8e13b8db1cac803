import type { ReactNode } from "react";
import { Icon } from "./icon";
import type { FaqItem, FeatureItem, FooterColumn, Step } from "./types";

/** The landing page's reusable sections (docs/product.md §1). Server components: no JavaScript reaches the browser for them. */

export const CONTAINER = "mx-auto w-full max-w-[1200px] px-4 sm:px-6";

export function Section({ id, eyebrow, title, intro, children, className = "" }: { id?: string; eyebrow?: string; title: string; intro?: string; children: ReactNode; className?: string }) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={`py-16 sm:py-24 ${className}`}>
      <div className={CONTAINER}>
        <div className="max-w-2xl">
          {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-[#1a44b8]">{eyebrow}</p> : null}
          <h2 id={headingId} className="mt-2 text-3xl font-bold tracking-tight text-neutral-900 sm:text-4xl">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-neutral-700">{intro}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

export function Hero({ title, lead, actions, children }: { title: string; lead: string; actions: ReactNode; children?: ReactNode }) {
  return (
    <section className="overflow-hidden bg-gradient-to-b from-[#eef2ff] to-white pt-12 sm:pt-20">
      <div className={`${CONTAINER} text-center`}>
        <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-balance text-neutral-900 sm:text-6xl">{title}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-neutral-700 sm:text-xl">{lead}</p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">{actions}</div>
      </div>
      {children ? <div className={`${CONTAINER} mt-12 sm:mt-16`}>{children}</div> : null}
    </section>
  );
}

/** A browser window around a picture of a page: the address bar shows where the real page lives. */
export function BrowserWindow({ address, children }: { address: string; children: ReactNode }) {
  return (
    <figure className="mx-auto max-w-5xl overflow-hidden rounded-t-xl border border-b-0 border-neutral-300 bg-white shadow-2xl shadow-neutral-400/30">
      <div className="flex items-center gap-3 border-b border-neutral-200 bg-neutral-100 px-3 py-2.5 sm:px-4">
        <div className="flex gap-1.5" aria-hidden="true">
          <span className="h-3 w-3 rounded-full bg-[#ff5f57]" />
          <span className="h-3 w-3 rounded-full bg-[#febc2e]" />
          <span className="h-3 w-3 rounded-full bg-[#28c840]" />
        </div>
        <div className="min-w-0 flex-1 truncate rounded-md bg-white px-3 py-1 text-center text-xs text-neutral-700 sm:text-sm">{address}</div>
      </div>
      {children}
    </figure>
  );
}

export function LogoRow({ label, items }: { label: string; items: readonly string[] }) {
  return (
    <section aria-label={label} className="border-y border-neutral-200 bg-neutral-50 py-8">
      <div className={`${CONTAINER} flex flex-col items-center gap-4 sm:flex-row sm:justify-between`}>
        <p className="text-sm font-medium text-neutral-700">{label}</p>
        <ul className="flex flex-wrap justify-center gap-x-8 gap-y-3">
          {items.map((item) => (
            <li key={item} className="font-mono text-base font-semibold tracking-tight text-neutral-600">
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function FeatureGrid({ items }: { items: FeatureItem[] }) {
  return (
    <ul className="grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((f) => (
        <li key={f.heading}>
          <div className="flex items-center gap-2 text-[#1a44b8]">
            <span className="grid h-9 w-9 place-items-center rounded-lg bg-[#eef2ff]">
              <Icon name={f.icon} />
            </span>
            <span className="text-sm font-semibold">{f.bullet}</span>
          </div>
          <h3 className="mt-3 text-lg font-semibold text-neutral-900">{f.heading}</h3>
          <p className="mt-2 text-neutral-700">{f.description}</p>
        </li>
      ))}
    </ul>
  );
}

export function Steps({ items }: { items: Step[] }) {
  return (
    <ol className="grid gap-6 md:grid-cols-3">
      {items.map((s, i) => (
        <li key={s.heading} className="rounded-xl border border-neutral-200 bg-white p-6">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-full bg-neutral-900 text-sm font-bold text-white">
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-neutral-900">{s.heading}</h3>
          <p className="mt-2 text-neutral-700">{s.description}</p>
        </li>
      ))}
    </ol>
  );
}

/** An accordion on native <details>: works without JavaScript, keyboard and screen readers included; one open at a time. */
export function FaqAccordion({ items, name = "faq" }: { items: FaqItem[]; name?: string }) {
  return (
    <div className="divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white">
      {items.map((item) => (
        <details key={item.heading} name={name} className="group px-5 py-1 sm:px-6" data-testid="faq-item">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-semibold text-neutral-900 [&::-webkit-details-marker]:hidden">
            <span className="text-base sm:text-lg">{item.heading}</span>
            <span className="shrink-0 text-neutral-600 transition-transform group-open:rotate-180">
              <Icon name="chevron" />
            </span>
          </summary>
          <p className="pb-5 text-neutral-700">{item.content}</p>
        </details>
      ))}
    </div>
  );
}

export function FooterColumns({ columns, note }: { columns: FooterColumn[]; note: ReactNode }) {
  return (
    <footer className="border-t border-neutral-200 bg-neutral-50">
      <div className={`${CONTAINER} grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4`}>
        {columns.map((col) => (
          <nav key={col.heading} aria-label={col.heading}>
            <h2 className="text-sm font-semibold text-neutral-900">{col.heading}</h2>
            <ul className="mt-3 space-y-1">
              {col.links.map((l) => (
                <li key={l.href}>
                  <a href={l.href} className="inline-block py-1.5 text-neutral-700 hover:text-neutral-900 hover:underline">
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className={`${CONTAINER} border-t border-neutral-200 py-6 text-sm text-neutral-700`}>{note}</div>
    </footer>
  );
}
