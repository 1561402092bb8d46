import type { PublicComponentSummary } from './profile-types.ts';
import { ComponentCard } from './component-card.tsx';

export function ComponentGrid({ components }: { components: PublicComponentSummary[] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {components.map((component) => (
        <li key={component.id}>
          <ComponentCard component={component} />
        </li>
      ))}
    </ul>
  );
}
