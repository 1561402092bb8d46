const SUGGESTIONS: readonly { label: string; prompt: string }[] = [
  {
    label: 'Pricing table',
    prompt: 'A pricing table with three plans, a monthly/yearly switch and a highlighted Pro plan',
  },
  {
    label: 'Todo app',
    prompt: 'A todo app with filters for all, active and done, and a counter of items left',
  },
  {
    label: 'Dashboard',
    prompt: 'An analytics dashboard with four stat cards, a revenue chart and a recent orders table',
  },
  {
    label: 'Landing hero',
    prompt: 'A landing page hero for a coffee subscription with a headline, a short pitch and two buttons',
  },
];

/** One-click starting points under the prompt box. */
export function PromptSuggestions({ onPick }: { onPick: (prompt: string) => void }) {
  return (
    <ul className="flex flex-wrap justify-center gap-2" aria-label="Suggestions">
      {SUGGESTIONS.map((suggestion) => (
        <li key={suggestion.label}>
          <button
            type="button"
            onClick={() => onPick(suggestion.prompt)}
            className="rounded-full border bg-background/80 px-3 py-1 text-[13px] text-muted-foreground shadow-xs transition-colors hover:border-foreground/20 hover:text-foreground"
          >
            {suggestion.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
