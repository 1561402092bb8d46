import type { ReactNode } from 'react';
import { Sparkles } from 'lucide-react';
import { FRAMEWORKS, FRAMEWORK_LABELS } from '../lib/frameworks.ts';
import { FrameworkBadge } from '../components/framework-badge.tsx';

/**
 * The headline of the home page. `children` is the action area under the tagline: today the
 * call to action, later the prompt box of the generation capability.
 */
export function Hero({ children }: { children: ReactNode }) {
  const names = FRAMEWORKS.map((framework) => FRAMEWORK_LABELS[framework]);
  const frameworkSentence = `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_50%_at_50%_0%,color-mix(in_oklab,var(--brand)_16%,transparent),transparent)]"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-20 [background-image:linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] [background-size:44px_44px] opacity-50 [mask-image:radial-gradient(ellipse_70%_60%_at_50%_0%,black,transparent)]"
      />
      <div className="mx-auto flex max-w-3xl flex-col items-center px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-20">
        <p className="mb-6 inline-flex items-center gap-2 rounded-full border bg-background/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs backdrop-blur">
          <Sparkles aria-hidden="true" className="size-3.5 text-brand" />
          AI generator for web components and apps
        </p>
        <h1
          id="hero-title"
          className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl md:text-6xl md:leading-[1.05]"
        >
          What do you want to build?
        </h1>
        <p className="mt-5 max-w-xl text-base text-pretty text-muted-foreground sm:text-lg">
          Describe a component or a small app in plain words. Kiln writes the code in {frameworkSentence},
          previews it live, and keeps every version as you refine it in the chat.
        </p>
        {/* relative: the greeting sits in the gap above the prompt box and never pushes it down. */}
        <div className="relative mt-12 w-full">{children}</div>
        <ul aria-label="Supported frameworks" className="mt-10 flex flex-wrap justify-center gap-2">
          {FRAMEWORKS.map((framework) => (
            <li key={framework}>
              <FrameworkBadge framework={framework} className="px-2.5 py-1 text-[13px]" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
