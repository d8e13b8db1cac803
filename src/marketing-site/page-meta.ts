/** What a page of the product's website says about itself: its <title>, description and canonical path. */
export type PageMeta = { title: string; description: string; path: string };
