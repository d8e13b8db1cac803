import { SHOWCASE_IMAGE_HEIGHT, SHOWCASE_IMAGE_WIDTH, type ShowcaseCard } from "../content/showcase";

/** One demo site: its picture, what it is, and where to see it (live when the demo runs, else its type's page). */
export function ShowcaseFigure({ card, headingLevel = 3, showPage = true }: { card: ShowcaseCard; headingLevel?: 2 | 3; showPage?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <figure className="flex h-full flex-col overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-sm" data-testid={`showcase-${card.siteType}`}>
      <img
        src={card.image}
        width={SHOWCASE_IMAGE_WIDTH}
        height={SHOWCASE_IMAGE_HEIGHT}
        alt={card.alt}
        loading="lazy"
        decoding="async"
        className="block aspect-[8/5] h-auto w-full border-b border-neutral-200 bg-neutral-100 object-cover object-top"
      />
      <figcaption className="flex flex-1 flex-col gap-1 p-4">
        <span className="text-sm font-semibold uppercase tracking-wide text-[#1a44b8]">{card.label}</span>
        <Heading className="text-lg font-semibold text-neutral-900">{card.title}</Heading>
        <span className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-2 text-sm font-medium">
          {card.liveUrl ? (
            <a href={card.liveUrl} className="text-[#1a44b8] underline">
              See it live<span className="sr-only">: {card.title}</span>
            </a>
          ) : (
            <span className="text-neutral-700">Screenshot of the demo site</span>
          )}
          {showPage ? (
            <a href={card.page} className="text-[#1a44b8] underline">
              How to build it<span className="sr-only"> ({card.label.toLowerCase()})</span>
            </a>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}

export function ShowcaseGrid({ cards }: { cards: ShowcaseCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {cards.map((card) => (
        <li key={card.siteType}>
          <ShowcaseFigure card={card} />
        </li>
      ))}
    </ul>
  );
}
