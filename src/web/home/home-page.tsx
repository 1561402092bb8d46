import { useDocumentTitle } from '../lib/use-document-title.ts';
import { FeatureGrid } from './feature-grid.tsx';
import { Hero } from './hero.tsx';
import { HeroActions } from './hero-actions.tsx';

export default function HomePage() {
  useDocumentTitle(null);
  return (
    <>
      <Hero>
        <HeroActions />
      </Hero>
      <FeatureGrid />
    </>
  );
}
