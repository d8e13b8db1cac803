import type { DatabaseSource } from "./types";

/**
 * A blog database whose properties have the owner's own names, which no alias matches (issue 21 item 8): the page
 * check refuses it until the owner maps `Went out on` to date, `Gist` to description, `Shelf` to tags and
 * `Keep private` (a checkbox: ticked hides) to hidden in the create flow's mapping form.
 */
export const OWN_NAMES_BLOG: DatabaseSource = {
  title: "Harbour Letters",
  icon: "⚓",
  edited: "2026-11-10",
  view: "table",
  schema: { Headline: "title", "Went out on": "date", Gist: "text", Shelf: "multi_select", "Keep private": "checkbox" },
  options: { Shelf: ["Boats", "Weather"] },
  rows: [
    {
      title: "Rigging a dinghy alone",
      edited: "2026-11-08",
      props: { "Went out on": "2026-11-02", Gist: "Three knots and a lot of patience.", Shelf: ["Boats"], "Keep private": false },
      body: `The mast goes up last.`,
    },
    {
      title: "Reading a forecast at dawn",
      edited: "2026-11-10",
      props: { "Went out on": "2026-11-09", Gist: "What the shipping forecast really says.", Shelf: ["Weather"], "Keep private": false },
      body: `Listen for the word "veering".`,
    },
    {
      title: "Letter still in the drawer",
      edited: "2026-11-10",
      props: { "Went out on": "2026-11-10", Gist: "Not sent yet.", Shelf: ["Boats"], "Keep private": true },
      body: `Not for readers yet.`,
    },
  ],
};
