import { z } from "zod";
import { MAPPABLE_FIELDS } from "@/lib/database-fields";
import { linkFieldSchema } from "@/lib/link-field";
import { CUSTOM_CSS_MAX } from "@/lib/custom-css";
import { canonicalTag, catalogueLanguageOf, SITE_LANGUAGES } from "@/lib/i18n/languages";
import { COLOUR_MESSAGE, HEX_COLOUR } from "@/lib/colour";
import { COMMENT_MODES } from "@/core/comments/comment-rules";
import { SITE_THEME_NAMES } from "@/lib/site-themes";
import { SOCIAL_NETWORK_IDS } from "@/lib/social-networks";

/**
 * Everything per site lives in one schema (docs/contracts.md §8). The site server reads settings only through
 * `parseSiteSettings`, so a stored value that no longer fits falls back to defaults instead of breaking a page.
 */

const colour = z.string().regex(HEX_COLOUR, COLOUR_MESSAGE);
const shortText = (max: number) => z.string().trim().max(max);
const fileRef = z.object({ fileId: z.string().max(64), url: z.string().max(2048) }).strict();

export const SITE_FONTS = ["system", "serif", "mono", "inter", "lora", "jetbrains-mono"] as const;
/** Fonts by name for headings and body (Google Fonts' names), as the site serves them itself: the bundled fontsource families. */
export const NAMED_FONTS = { Inter: "inter", Lora: "lora", "JetBrains Mono": "jetbrains-mono" } as const satisfies Record<string, (typeof SITE_FONTS)[number]>;
const namedFont = z
  .enum(Object.keys(NAMED_FONTS) as [keyof typeof NAMED_FONTS, ...(keyof typeof NAMED_FONTS)[]], `must be a font this server ships: ${Object.keys(NAMED_FONTS).join(", ")}`)
  .nullable()
  .default(null);
export { CUSTOM_CSS_MAX };

/** The owner's code may be HTML of this size, head and body end each. */
export const OWNER_CODE_MAX = 20_000;

/**
 * An origin the owner's code may load from or talk to, for the site's CSP: https only (wss too where `wss` is true),
 * a host with an optional leading `*.` and port, nothing after it — never a keyword or a second directive.
 */
const cspOrigin = (wss = false) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(253)
    .regex(wss ? /^(https|wss):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/ : /^https:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/, wss ? "must be an origin like https://widget.example.com or wss://chat.example.com" : "must be an origin like https://widget.example.com");
const cspOriginList = (wss = false) => z.array(cspOrigin(wss)).max(20).default([]);

const ownerCode = z
  .string()
  .max(OWNER_CODE_MAX, `can be at most ${OWNER_CODE_MAX.toLocaleString("en-US")} characters`)
  .refine((code) => !code.includes("\0"), "can't contain a null character")
  .default("");
/** A BCP 47 tag with a catalogue (docs/languages.md), kept in its canonical spelling ("pt-br" → "pt-BR"). */
export const siteLanguageSchema = z
  .string()
  .trim()
  .max(35)
  .refine((tag) => catalogueLanguageOf(tag) !== null, `must be a language tag the site has words for: ${SITE_LANGUAGES.join(", ")}`)
  .transform((tag) => canonicalTag(tag)!);

export const navLinkSchema = z
  .object({ label: shortText(60).min(1), href: linkFieldSchema.pipe(z.string().min(1).max(2048)) })
  .strict();

/** A header link, or with `children` a menu of links under its label (one level; its own href is then not used). */
export const navItemSchema = z
  .object({
    label: shortText(60).min(1),
    href: linkFieldSchema.pipe(z.string().max(2048)),
    children: z.array(navLinkSchema).max(10).optional(),
  })
  .strict()
  .refine((item) => item.href !== "" || (item.children?.length ?? 0) > 0, { message: "can't be empty", path: ["href"] });

/** The site's footer: columns of links, a short text, social profiles, and where the badge sits in it. */
export const footerSchema = z
  .object({
    columns: z
      .array(z.object({ title: shortText(60).default(""), links: z.array(navLinkSchema).max(10).default([]) }).strict())
      .max(4)
      .default([]),
    text: shortText(280).default(""),
    social: z
      .array(z.object({ network: z.enum(SOCIAL_NETWORK_IDS, `must be one of: ${SOCIAL_NETWORK_IDS.join(", ")}`), url: z.url({ protocol: /^https$/ }).max(2048) }).strict())
      .max(10)
      .default([]),
    badgePlace: z.enum(["end", "start"], "must be end or start").default("end"),
  })
  .strict();

/** Database sites: field → the database's own property name, or null for "not used" (src/lib/database-fields.ts). */
export const propertyMapSchema = z
  .object(Object.fromEntries(MAPPABLE_FIELDS.map((f) => [f, z.string().trim().min(1).max(200).nullable().optional()])) as Record<(typeof MAPPABLE_FIELDS)[number], z.ZodOptional<z.ZodNullable<z.ZodString>>>)
  .strict();

export const siteSettingsSchema = z
  .object({
    name: shortText(120).default(""),
    description: shortText(300).default(""),
    /** The language of the words the site prints itself; null: the one detected in the Notion page's content. */
    language: siteLanguageSchema.nullable().default(null),
    /** e.g. https://example.com/docs — the site then answers under that path prefix (docs/contracts.md §4). */
    publicUrl: z.url({ protocol: /^https?$/ }).max(2048).nullable().default(null),
    theme: z
      .object({
        accentColor: colour.default("#2255dd"),
        /** System stacks, or one of the open fonts the site serves itself (/_/fonts, src/site-server/fonts.ts). */
        font: z.enum(SITE_FONTS, "must be one of the listed fonts").default("system"),
        /** A font by name for headings and for the body text (the body's wins over `font`); null: `font` for both. */
        fonts: z.object({ heading: namedFont, body: namedFont }).strict().prefault({}),
        /** One of the complete looks (src/lib/site-themes.ts): colours light and dark, type scale, spacing, cards. */
        name: z.enum(SITE_THEME_NAMES, `must be one of the themes: ${SITE_THEME_NAMES.join(", ")}`).default("default"),
        /** What a visitor sees before choosing with the toggle: their system's setting, or always light or dark. */
        defaultTheme: z.enum(["system", "light", "dark"], "must be system, light or dark").default("system"),
        /** No light/dark toggle in the header: every visitor gets the default theme. */
        hideThemeToggle: z.boolean().default(false),
        /** The owner's stylesheet, served from the site's own host at /_/custom.css after ours. */
        customCss: z
          .string()
          .max(CUSTOM_CSS_MAX, `can be at most ${CUSTOM_CSS_MAX.toLocaleString("en-US")} characters`)
          .refine((css) => !css.includes("\0"), "can't contain a null character")
          .default(""),
        logo: fileRef.nullable().default(null),
        favicon: fileRef.nullable().default(null),
        socialImage: fileRef.nullable().default(null),
      })
      .strict()
      .prefault({}),
    navigation: z.array(navItemSchema).max(20).default([]),
    footer: footerSchema.prefault({}),
    /**
     * The owner's own HTML (scripts included) at the end of <head> and of <body>: rendered only where it can reach no
     * one else (src/site-server/owner-code.ts), its inline scripts allowed by a nonce per response.
     */
    headCode: ownerCode,
    bodyCode: ownerCode,
    /** Origins the owner's code needs, added to the site's CSP where that code is rendered. */
    cspOrigins: z
      .object({ script: cspOriginList(), connect: cspOriginList(true), frame: cspOriginList(), img: cspOriginList() })
      .strict()
      .prefault({}),
    showBadge: z.boolean().default(true),
    /** The footer's "Use with your AI assistant" link to llms.txt, which names the MCP server. */
    showAgentLink: z.boolean().default(false),
    analytics: z
      .object({
        googleAnalyticsId: shortText(40).regex(/^(G|UA)-[A-Z0-9-]+$/, "Not a Google Analytics id").nullable().default(null),
        plausibleDomain: shortText(253).nullable().default(null),
        headCode: shortText(5000).default(""),
        /** The built-in, cookie-free counting; the providers above are optional beside it. */
        builtIn: z.boolean().default(true),
      })
      .strict()
      .prefault({}),
    widget: z
      .object({
        enabled: z.boolean().default(false),
        position: z.enum(["bottom-right", "bottom-left"]).default("bottom-right"),
        color: colour.default("#2255dd"),
      })
      .strict()
      .prefault({}),
    ai: z
      .object({
        enabled: z.boolean().default(false),
        assistantName: shortText(60).default("Assistant"),
        welcomeMessage: shortText(500).default("Hi! Ask me anything about this site."),
        suggestedQuestions: z.array(shortText(200).min(1)).max(6).default([]),
        instructions: shortText(2000).default(""),
        accentColor: colour.default("#2255dd"),
      })
      .strict()
      .prefault({}),
    email: z
      .object({
        notifySubscribers: z.boolean().default(false),
        senderName: shortText(80).default(""),
        replyTo: z.email().max(254).nullable().default(null),
      })
      .strict()
      .prefault({}),
    /** Roadmaps: status emails to voters, and the Notion number property that gets the vote count. */
    roadmap: z
      .object({
        statusEmails: z.boolean().default(true),
        votesProperty: shortText(100).default(""),
      })
      .strict()
      .prefault({}),
    /** docsv2: version label → Notion page URL; the first is the default version served at the root. */
    versions: z
      .array(z.object({ label: shortText(40).min(1), notionPageUrl: z.url().max(2048) }).strict())
      .max(20)
      .default([]),
    contactUrl: linkFieldSchema.pipe(z.string().max(2048)).default(""),
    /** Set through updateSitePropertyMap only, which checks it against the database's properties and types. */
    propertyMap: propertyMapSchema.default({}),
    /** Readers' comments on posts, entries and articles (docs/readers.md): off, all held, a reader's first held, or none held. */
    comments: z.enum(COMMENT_MODES, "must be off, held, first-held or open").default("off"),
    /** Words or phrases that hold a comment for the owner whatever the mode. */
    commentKeywords: z.array(shortText(60).min(1)).max(200).default([]),
    /** Extra languages, each its own Notion page tree served under /<language>/ (set through addSiteLanguage / removeSiteLanguage). */
    languages: z
      .array(z.object({ language: siteLanguageSchema, notionPageUrl: z.url().max(2048) }).strict())
      .max(SITE_LANGUAGES.length - 1)
      .default([]),
  })
  .strict();

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = siteSettingsSchema.parse({});

/** Reads stored settings; anything that no longer validates is replaced by defaults, field group by field group. */
export function parseSiteSettings(stored: unknown): SiteSettings {
  const full = siteSettingsSchema.safeParse(stored ?? {});
  if (full.success) return full.data;
  const obj = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const salvaged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) {
    const field = siteSettingsSchema.shape[key as keyof typeof siteSettingsSchema.shape];
    if (field && field.safeParse(value).success) salvaged[key] = value;
  }
  return siteSettingsSchema.parse(salvaged);
}
