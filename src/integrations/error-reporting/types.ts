/** Facts attached to an error report (site id, route…); never personal data. */
export type ErrorContext = Record<string, string | number | boolean | null | undefined>;
