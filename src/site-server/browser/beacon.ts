/**
 * Counts this page view: one navigator.sendBeacon to the site's own /_/view with the page, its query (UTM
 * tags) and the referrer. Nothing is stored on the device. Not sent while the page is only prerendered, nor in a tab the
 * dashboard opened (its links target the window name "pagewright-owner", which stays with that tab): owners' own visits.
 */
const base = document.currentScript?.dataset.base ?? "";
const send = () => {
  if (window.name === "pagewright-owner") return;
  const path = location.pathname.slice(base.length) || "/";
  navigator.sendBeacon(`${base}/_/view`, JSON.stringify({ p: path, q: location.search.slice(0, 500), r: document.referrer.slice(0, 500) }));
};
if ((document as { prerendering?: boolean }).prerendering) document.addEventListener("prerenderingchange", send, { once: true });
else send();
