/** The most characters of custom CSS an owner may give a site (checked by the settings schema, counted in the editor). */
export const CUSTOM_CSS_MAX = 20_000;
