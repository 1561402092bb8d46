/** WCAG 2's contrast between two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((index) => {
    const channel = parseInt(hex.slice(index, index + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * A colour to write on `background`: the first candidate readable on it (WCAG AA, 4.5:1 for
 * body text), else whichever of near-black and white contrasts more.
 */
export function readableOn(background: string, candidates: readonly string[] = []): string {
  const readable = candidates.find((candidate) => contrastRatio(candidate, background) >= 4.5);
  if (readable) return readable;
  return contrastRatio('#111827', background) >= contrastRatio('#ffffff', background) ? '#111827' : '#ffffff';
}
