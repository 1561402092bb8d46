import { CATALOGUE, DEFAULT_ENTRY, type CatalogueEntry } from './catalogue/index.ts';

/** Lower-case words separated by single spaces, so phrases match across punctuation. */
export function normalizeWords(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `;
}

interface Score {
  entry: CatalogueEntry;
  score: number;
  /** Where the entry's first keyword occurs: on a tie, the thing named first wins. */
  firstAt: number;
}

/** Each matched keyword adds its weight. */
export function scoreEntries(prompt: string): Score[] {
  const words = normalizeWords(prompt);
  return CATALOGUE.map((entry) => {
    let score = 0;
    let firstAt = Number.POSITIVE_INFINITY;
    for (const [phrase, weight] of entry.keywords) {
      const at = words.indexOf(` ${phrase} `);
      if (at === -1) continue;
      score += weight;
      firstAt = Math.min(firstAt, at);
    }
    return { entry, score, firstAt };
  });
}

/** The best total wins; ties go to the entry named first, then to catalogue order. */
export function matchEntry(prompt: string): CatalogueEntry | undefined {
  let best: Score | undefined;
  for (const scored of scoreEntries(prompt)) {
    if (scored.score === 0) continue;
    if (
      best === undefined ||
      scored.score > best.score ||
      (scored.score === best.score && scored.firstAt < best.firstAt)
    ) {
      best = scored;
    }
  }
  return best?.entry;
}

/** The entry a first prompt builds: the best match, or the landing hero. */
export function pickEntry(prompt: string): CatalogueEntry {
  return matchEntry(prompt) ?? DEFAULT_ENTRY;
}
