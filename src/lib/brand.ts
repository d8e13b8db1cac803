export const PRODUCT_NAME = "Pagewright";
export const PRODUCT_TAGLINE = "Turn public Notion pages into fast websites: blogs, changelogs, roadmaps, docs and help desks.";
