export const ROOT: string;
export const SERVER_BUNDLE: string;
export const SITE_ASSETS_DIR: string;
export const STAT_STAMP_FILE: string;
export function buildInputs(): string[];
export function statFingerprint(): string;
export function buildLooksCurrent(): boolean;
