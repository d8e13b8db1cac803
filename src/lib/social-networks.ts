/** Social profiles a site's footer may link (settings.footer.social), with the name the footer and dashboard show. */
export const SOCIAL_NETWORKS = {
  github: "GitHub",
  x: "X",
  bluesky: "Bluesky",
  mastodon: "Mastodon",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  instagram: "Instagram",
  facebook: "Facebook",
  discord: "Discord",
  threads: "Threads",
} as const;

export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;
export const SOCIAL_NETWORK_IDS = Object.keys(SOCIAL_NETWORKS) as [SocialNetwork, ...SocialNetwork[]];
