import { ModalButton, VideoModalButton } from "@/marketing-site/components/modal-button";
import { BrowserWindow, CONTAINER, FaqAccordion, FeatureGrid, Hero, LogoRow, Section, Steps } from "@/marketing-site/components/sections";
import { PRODUCT_NAME, PRODUCT_TAGLINE } from "@/lib/brand";
import type { PageMeta } from "../page-meta";
import { signupHref } from "@/lib/signup-link";
import { FAQS, FEATURES, STANDARDS, STEPS } from "../content/landing";
import { SITE_TYPE_LINKS } from "../content/nav";
import { DEMO_SCREENSHOT, DEMO_TOUR } from "../content/media";
import { showcaseCards } from "../content/showcase";
import { ShowcaseGrid } from "../components/showcase";
import type { SiteType } from "@/lib/site-types";

const PRIMARY = "rounded-md bg-[#2255dd] px-5 py-3 font-medium text-white hover:bg-[#1a44b8]";

export const meta: PageMeta = { title: PRODUCT_NAME, description: PRODUCT_TAGLINE, path: "/" };

/** The landing page, built from the reusable sections of docs/product.md §1. */
export function LandingPage({ showcaseUrls = {} }: { showcaseUrls?: Partial<Record<SiteType, string>> }) {
  return (
    <>
      <Hero
        title="Your Notion pages, as fast websites you own"
        lead="Write in Notion. Publish a blog, changelog, roadmap, docs or help center that loads in an instant, updates within seconds of your edit, and lives on your own domain."
        actions={
          <>
            <a href={signupHref("hero")} className={PRIMARY}>
              Create your site — free
            </a>
            <VideoModalButton
              id="tour-modal"
              label="Watch the tour"
              title="A tour of a published site"
              src={DEMO_TOUR.src}
              poster={DEMO_TOUR.poster}
              description={DEMO_TOUR.description}
            />
            <ModalButton id="self-host-modal" label="Run it yourself" title={`Self-host ${PRODUCT_NAME}`}>
              <p className="text-neutral-700">{PRODUCT_NAME} is open source. On any machine with Node 20:</p>
              <pre className="mt-3 overflow-x-auto rounded-lg bg-neutral-900 p-4 text-sm text-neutral-100">
                <code>npm install && npm start</code>
              </pre>
              <p className="mt-3 text-neutral-700">
                It starts on port 3000 with an embedded database in <code>./data</code>. Try <code>npm run demo</code> for a workspace with one
                site of every type, no internet needed.
              </p>
              <p className="mt-3">
                <a href="/docs/self-hosting" className="font-medium text-[#1a44b8] underline">
                  Read the self-hosting guide
                </a>
              </p>
            </ModalButton>
          </>
        }
      >
        <BrowserWindow address={DEMO_SCREENSHOT.address}>
          <img
            src={DEMO_SCREENSHOT.src}
            srcSet={DEMO_SCREENSHOT.srcSet}
            sizes="(min-width: 1040px) 1024px, calc(100vw - 2rem)"
            width={DEMO_SCREENSHOT.width}
            height={DEMO_SCREENSHOT.height}
            alt={DEMO_SCREENSHOT.alt}
            fetchPriority="high"
            className="block h-auto w-full"
          />
        </BrowserWindow>
      </Hero>

      <LogoRow label="Every site speaks the open web’s formats" items={STANDARDS} />

      <Section id="features" eyebrow="Why it is fast" title="Everything a published site needs, nothing it doesn’t" intro="Your pages are served as plain HTML from a cache, so they stay fast however much you write.">
        <FeatureGrid items={FEATURES} />
      </Section>

      <Section id="site-types" eyebrow="Site types" title="Seven kinds of site from one Notion workspace" className="bg-neutral-50">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SITE_TYPE_LINKS.map((t) => (
            <li key={t.href}>
              <a href={t.href} className="block h-full rounded-xl border border-neutral-200 bg-white p-5 hover:border-neutral-400">
                <span className="text-lg font-semibold text-neutral-900">{t.label}</span>
                <span className="mt-1 block text-neutral-700">{t.description}</span>
              </a>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="showcase"
        eyebrow="Showcase"
        title="Sites published from one Notion workspace"
        intro="The demo workspace that ships with the product (npm run demo), as visitors see it. Each of these is a Notion page or database and nothing else."
      >
        <ShowcaseGrid cards={showcaseCards(showcaseUrls)} />
      </Section>

      <Section id="how-it-works" eyebrow="How it works" title="From Notion page to website in three steps">
        <Steps items={STEPS} />
      </Section>

      <Section id="faq" eyebrow="Questions" title="Frequently asked questions" className="bg-neutral-50">
        <div className="max-w-3xl">
          <FaqAccordion items={FAQS} />
        </div>
      </Section>

      <section aria-labelledby="cta-heading" className="bg-neutral-900 py-16 text-white">
        <div className={`${CONTAINER} flex flex-col items-start gap-6 sm:flex-row sm:items-center sm:justify-between`}>
          <div>
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
              Publish your first page today
            </h2>
            <p className="mt-2 text-neutral-300">Free on your own subdomain. Upgrade a site when it needs your domain.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <a href={signupHref("footer-cta")} className="rounded-md bg-white px-5 py-3 font-medium text-neutral-900 hover:bg-neutral-200">
              Get started
            </a>
            <a href="/pricing" className="rounded-md border border-neutral-500 px-5 py-3 font-medium text-white hover:bg-neutral-800">
              See pricing
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
