export type * from "./types";
export { BREADCRUMBS, isConnectionReset, releaseStageOf, reportError, startErrorReporting } from "./bugsnag";
