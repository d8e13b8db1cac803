/** A Notion id with dashes (8-4-4-4-12), lower case; anything that is not 32 hex digits is returned as given. */
export function dashed(id: string): string {
  const hex = id.replace(/-/g, "").toLowerCase();
  return hex.length === 32 ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` : id;
}
