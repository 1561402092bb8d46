/**
 * The icon a model meant when it named one its icon package does not export. Whole words first
 * (models misremember a name's words far more often than they misspell one), then letters; tried
 * in order, the first rule that finds any icon decides:
 *
 * 1. the same name in another case (`Linkedin` → `LinkedIn`, `Logout` → `LogOut`);
 * 2. the same name in the other number (`Headphone` → `Headphones`, `Setting` → `Settings`);
 * 3. the same words in another order (`ChartLine` ↔ `LineChart`, `CheckCircle` ↔ `CircleCheck`);
 * 4. one word less (`ExternalLinkAlt` → `ExternalLink`, `Lock2` → `Lock`, `StarFilled` → `Star`);
 * 5. one word more (`Dashboard` → `LayoutDashboard`, `Cart` → `ShoppingCart`);
 * 6. a typo: the fewest edits (insert, delete, substitute, swap two neighbours — Damerau-
 *    Levenshtein, optimal string alignment) on the lower-cased names, with the same variant number
 *    (`Settingss` → `Settings`, never `Settings2`): at most 2 from 8 letters; from 4 to 7 letters
 *    at most 1, and not a substituted letter, which in a short name makes another word
 *    (`Graph`/`Grape`, `Cart`/`Card`); none below 4 (`Sun`, `Cog` are too short to guess).
 *
 * When the deciding rule finds several different icons, the name is ambiguous and nothing is
 * replaced; names of one icon (aliases) are not different icons. With no rule finding anything,
 * nothing is replaced either: the build reports the name.
 */

export interface IconCatalogue {
  /** The icons' names (aliases included, forms such as `…Icon` excluded). */
  icons: readonly string[];
  /** The same key for every name of one icon. */
  iconOf(name: string): string;
}

/** The words of a PascalCase name, lower-cased: `ArrowDownAZ` → arrow, down, az; `Trash2` → trash, 2. */
export function iconWords(name: string): string[] {
  return (name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((word) => word.toLowerCase());
}

/**
 * Damerau-Levenshtein distance (optimal string alignment); a substitution costs
 * `substitutionCost` (2: only insertions, deletions and swaps make a distance of 1).
 */
export function editDistance(a: string, b: string, substitutionCost = 1): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i += 1) d[i * cols] = i;
  for (let j = 0; j < cols; j += 1) d[j] = j;
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : substitutionCost;
      let best = Math.min(
        d[(i - 1) * cols + j]! + 1,
        d[i * cols + j - 1]! + 1,
        d[(i - 1) * cols + j - 1]! + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/** The most edits a typo may take in a name of this many letters, and what a substitution costs. */
export function typoAllowance(length: number): { edits: number; substitutionCost: number } {
  if (length < 4) return { edits: 0, substitutionCost: 1 };
  return length < 8 ? { edits: 1, substitutionCost: 2 } : { edits: 2, substitutionCost: 1 };
}

const digitsOf = (name: string) => name.replace(/\D+/g, ' ').trim();

const sameMultiset = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');

/** `longer` is `shorter` with one word inserted somewhere. */
function oneWordInserted(shorter: readonly string[], longer: readonly string[]): boolean {
  if (longer.length !== shorter.length + 1) return false;
  for (let skip = 0; skip < longer.length; skip += 1) {
    if (longer.every((word, index) => index === skip || word === shorter[index < skip ? index : index - 1])) {
      return true;
    }
  }
  return false;
}

type Rule = (candidate: { name: string; lower: string; words: string[] }) => number | null;

/** The icon meant by `name`, or null when no rule finds exactly one icon. */
export function closestIcon(name: string, catalogue: IconCatalogue): string | null {
  const lower = name.toLowerCase();
  const words = iconWords(name);
  const allowance = typoAllowance(lower.length);
  const digits = digitsOf(lower);
  const rules: Rule[] = [
    (candidate) => (candidate.lower === lower ? 0 : null),
    (candidate) => (candidate.lower === `${lower}s` || `${candidate.lower}s` === lower ? 0 : null),
    (candidate) => (words.length > 1 && sameMultiset(words, candidate.words) ? 0 : null),
    (candidate) => (words.length > 1 && oneWordInserted(candidate.words, words) ? 0 : null),
    (candidate) => (oneWordInserted(words, candidate.words) ? 0 : null),
    (candidate) => {
      if (allowance.edits === 0 || Math.abs(candidate.lower.length - lower.length) > allowance.edits)
        return null;
      if (digitsOf(candidate.lower) !== digits) return null;
      const distance = editDistance(lower, candidate.lower, allowance.substitutionCost);
      return distance <= allowance.edits ? distance : null;
    },
  ];
  const candidates = catalogue.icons.map((icon) => ({
    name: icon,
    lower: icon.toLowerCase(),
    words: iconWords(icon),
  }));
  for (const rule of rules) {
    let best = Number.POSITIVE_INFINITY;
    let chosen: string[] = [];
    for (const candidate of candidates) {
      if (candidate.name === name) continue;
      const score = rule(candidate);
      if (score === null || score > best) continue;
      if (score < best) {
        best = score;
        chosen = [];
      }
      chosen.push(candidate.name);
    }
    if (chosen.length === 0) continue;
    const icons = new Set(chosen.map((icon) => catalogue.iconOf(icon)));
    if (icons.size > 1) return null;
    // Of one icon's names, its own name when it is among them, else the first alphabetically.
    const own = catalogue.iconOf(chosen[0]!);
    return chosen.includes(own) ? own : [...chosen].sort()[0]!;
  }
  return null;
}
