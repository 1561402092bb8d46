/**
 * Tailwind 3's opacity utilities (`bg-opacity-50`, `text-opacity-75`, …) are gone in Tailwind 4,
 * whose colours take an opacity modifier instead (`bg-black/50`); `@apply` of one stops the build
 * ("Cannot apply unknown utility class"). In an `@apply` list each is merged into the colour
 * utility of the same kind and variants (`bg-black bg-opacity-50` → `bg-black/50`), or dropped
 * when the list has none (Tailwind 3 then applied it to a colour set elsewhere, which Tailwind 4
 * cannot express in `@apply`).
 */

const OPACITY = /^((?:[^:]*:)*)(!?)(bg|text|border|divide|ring|placeholder)-opacity-(\d+|\[[^\]]+\])(!?)$/;

/** Values of each kind that are not colours (sizes, widths, positions, styles…). */
const NOT_A_COLOUR: Record<string, RegExp> = {
  bg: /^(?:fixed|local|scroll|clip-.+|origin-.+|repeat.*|no-repeat|cover|contain|auto|center|top|bottom|left.*|right.*|none|gradient-.+|blend-.+|linear-.+|radial.*|conic.*|size-.+|position-.+|\[url.*|opacity-.+)$/,
  text: /^(?:xs|sm|base|lg|\d?xl|left|center|right|justify|start|end|ellipsis|clip|wrap|nowrap|balance|pretty|opacity-.+|\[\d.*)$/,
  border:
    /^(?:\d+|[xytrblse](?:-.+)?|solid|dashed|dotted|double|hidden|none|collapse|separate|spacing.*|opacity-.+|\[\d.*)$/,
  divide: /^(?:[xy](?:-.+)?|solid|dashed|dotted|double|none|opacity-.+)$/,
  ring: /^(?:\d+|inset|offset-.+|opacity-.+|\[\d.*)$/,
  placeholder: /^(?:shown|opacity-.+)$/,
};
/** A colour value: a palette or config name with an optional shade, or an arbitrary colour. */
const COLOUR_VALUE = /^(?:[a-zA-Z][\w-]*|\[(?:#|rgb|hsl|oklch|color|var\().*\])$/;

export interface OpacityMerge {
  params: string;
  changes: { from: string; to: string }[];
}

/**
 * The `@apply` list without Tailwind 3's opacity utilities (an empty list when nothing else was
 * in it); null when it has none.
 */
export function mergeOpacityUtilities(params: string): OpacityMerge | null {
  const important = /\s!important\s*$/.exec(params)?.[0] ?? '';
  const tokens = params
    .slice(0, params.length - important.length)
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (!tokens.some((token) => OPACITY.test(token))) return null;
  const out = [...tokens];
  const removed = new Set<number>();
  const changes: OpacityMerge['changes'] = [];
  tokens.forEach((token, index) => {
    const match = OPACITY.exec(token);
    if (!match) return;
    const variants = match[1]!;
    const kind = match[3]!;
    const amount = match[4]!;
    removed.add(index);
    const partner = out.findIndex((other, at) => {
      if (removed.has(at) || !other.startsWith(`${variants}`)) return false;
      const rest = other.slice(variants.length).replace(/^!|!$/g, '');
      if (rest.includes(':') || !rest.startsWith(`${kind}-`) || rest.includes('/')) return false;
      const value = rest.slice(kind.length + 1);
      return COLOUR_VALUE.test(value) && !NOT_A_COLOUR[kind]!.test(value);
    });
    if (partner === -1) {
      changes.push({ from: token, to: '' });
      return;
    }
    const colour = out[partner]!;
    const trailing = colour.endsWith('!') ? '!' : '';
    const merged = `${trailing ? colour.slice(0, -1) : colour}/${amount}${trailing}`;
    changes.push({ from: `${colour} ${token}`, to: merged });
    out[partner] = merged;
  });
  const kept = out.filter((_, index) => !removed.has(index));
  return { params: `${kept.join(' ')}${important}`, changes };
}
