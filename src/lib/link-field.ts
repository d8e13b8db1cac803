import { z } from "zod";

export const LINK_FIELD_ERROR = "Must be an url";

/** docs/product.md §5 link field: empty allowed; otherwise it must start with http, /, # or mailto:. */
export function validateLinkField(value: string): string | null {
  if (value === "") return null;
  return /^(http|\/|#|mailto:)/.test(value) ? null : LINK_FIELD_ERROR;
}

export const linkFieldSchema = z.string().refine((v) => validateLinkField(v) === null, { message: LINK_FIELD_ERROR });
