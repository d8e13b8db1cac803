/**
 * The workspace's custom emoji: name → its image in images.ts. An icon `:name:` (a page's, a row's, or a callout's
 * `!:name: text`) is one of these; Notion stores it as `notion://custom_emoji/<spaceId>/<emojiId>` and the emoji as a
 * `custom_emoji` record, which the page chunk leaves out.
 */
export const CUSTOM_EMOJI: Record<string, string> = {
  "lumen-spark": "emoji-lumen-spark.png",
};
