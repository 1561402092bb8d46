import type { ReactNode } from 'react';

interface ComponentSectionProps {
  id: string;
  title: string;
  description?: string;
  action?: ReactNode;
  children: ReactNode;
}

/** A titled band of the home page (recent components, explore). */
export function ComponentSection({ id, title, description, action, children }: ComponentSectionProps) {
  return (
    <section aria-labelledby={id} className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <div className="mb-5 flex items-end justify-between gap-4">
        <div>
          <h2 id={id} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
