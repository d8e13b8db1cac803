/**
 * Validation messages name fields by their schema path ("navigation.2.href: Must be an url"); an owner needs the
 * field's name as the screen shows it, counted from 1 ("Link 3 address: Must be an url").
 */

const LISTS: Record<string, string> = { navigation: "Link", redirects: "Redirect", versions: "Version", suggestedQuestions: "Question", script: "Script origin", connect: "Connect origin", frame: "Frame origin", img: "Image origin", children: "Menu item", columns: "Column", links: "Link", social: "Social profile" };
const FIELDS: Record<string, string> = {
  href: "address",
  label: "label",
  from: "“from” path",
  to: "“to” address",
  notionPageUrl: "Notion page",
  replyTo: "Reply-to address",
  senderName: "Sender name",
  accentColor: "Accent colour",
  googleAnalyticsId: "Google Analytics ID",
  plausibleDomain: "Plausible domain",
  contactUrl: "Contact link",
  publicUrl: "Public URL",
  domain: "Domain",
  name: "Name",
  description: "Description",
  font: "Font",
  defaultTheme: "Theme visitors see first",
  customCss: "Custom CSS",
  password: "Password",
  color: "Colour",
  headCode: "Head code",
  bodyCode: "Body-end code",
  url: "address",
};

const words = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/** "navigation.2.href" → "Link 3 address"; a path it can't read is returned in plain words. */
export function fieldName(path: string): string {
  const parts = path.split(".");
  for (let i = parts.length - 2; i >= 0; i--) {
    const list = LISTS[parts[i]!];
    const index = parts[i + 1];
    if (list && index && /^\d+$/.test(index)) {
      const rest = parts.slice(i + 2).map((p) => FIELDS[p] ?? words(p)).join(" ");
      return `${list} ${Number(index) + 1}${rest ? ` ${rest}` : ""}`;
    }
  }
  const last = parts.at(-1) ?? path;
  const name = FIELDS[last] ?? words(last);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Messages in the words an owner uses. The left-hand texts are fixed by the spec (docs/product.md §5) or by zod, so
 * they stay as they are on the wire and are reworded only where a person reads them.
 */
const PLAIN_MESSAGES: Record<string, string> = {
  "Must be an url": "must be a web address (https://…), a path (/…), # or mailto:",
  "Invalid URL": "must be a web address (https://…)",
  "Invalid url": "must be a web address (https://…)",
  "Invalid email address": "must be an email address, like you@example.com",
  "Invalid email": "must be an email address, like you@example.com",
};

export function plainMessage(message: string): string {
  const plain = PLAIN_MESSAGES[message];
  if (plain) return plain;
  if (/^Too big: expected string to have <=(\d+) characters$/.test(message)) return `can be at most ${/(\d+)/.exec(message)![1]} characters`;
  if (/^Too small: expected string to have >=1 characters$/.test(message)) return "can't be empty";
  return message;
}

/** One validation issue as the sentence shown under its field: "Link 3 address: must be a web address (…)". */
export function fieldError(path: string, message: string): string {
  return path ? `${fieldName(path)}: ${plainMessage(message)}` : plainMessage(message);
}

/** A validation message with its schema path, if any, turned into the field's name. */
export function withFieldNames(message: string): string {
  const m = /^([A-Za-z][\w]*(?:\.[\w]+)*): (.+)$/s.exec(message);
  return m && (m[1]!.includes(".") || FIELDS[m[1]!]) ? fieldError(m[1]!, m[2]!) : message;
}
