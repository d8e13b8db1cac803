export const ROOT: string;
export const SERVER_BUNDLE: string;
export const STAT_STAMP_FILE: string;
export function buildInputs(): string[];
export function statFingerprint(): string;
export function buildLooksCurrent(): boolean;
