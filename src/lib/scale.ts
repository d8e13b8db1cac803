/** docs/product.md §9 scale helper: width and height = 100 / scale, in percent, one decimal. */
export function scaleBox(scale: number): { width: string; height: string } {
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`Scale must be a positive number, got ${scale}`);
  const size = `${(100 / scale).toFixed(1)}%`;
  return { width: size, height: size };
}
