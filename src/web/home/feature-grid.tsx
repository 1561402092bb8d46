import type { LucideIcon } from 'lucide-react';
import { GitBranch, MessagesSquare, MonitorPlay } from 'lucide-react';

interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

const FEATURES: readonly Feature[] = [
  {
    icon: MessagesSquare,
    title: 'Chat to iterate',
    description: 'Ask for changes in plain words. Every answer is a new version you can go back to.',
  },
  {
    icon: MonitorPlay,
    title: 'Live preview',
    description: 'See the result running as soon as it is written, next to the code that makes it.',
  },
  {
    icon: GitBranch,
    title: 'Take it with you',
    description: 'Copy the code, download it as a zip, push it to your repository, or deploy it.',
  },
];

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-title" className="border-t bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="features-title" className="sr-only">
          How Kiln works
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3 sm:gap-6">
          {FEATURES.map(({ icon: Icon, title, description }) => (
            <li key={title} className="rounded-2xl border bg-card p-6 shadow-xs">
              <span className="flex size-10 items-center justify-center rounded-xl bg-brand-soft text-brand-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold tracking-tight">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
