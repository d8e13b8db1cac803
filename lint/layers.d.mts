export type Layer = { name: string; paths: string[]; what: string; apart?: boolean };
export type Zone = { target: string | string[]; from: string | string[]; message: string };
export const LAYERS: Layer[];
export const SERVER_ONLY: { paths: string[]; except: string[]; packages: string[] };
export function layerZones(root: string): Zone[];
export function layersDiagram(): string;
export function withLayersDiagram(doc: string): string;
