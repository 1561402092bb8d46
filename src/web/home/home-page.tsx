import { useDocumentTitle } from '../lib/use-document-title.ts';
import { ExploreComponents } from './explore-components.tsx';
import { FeatureGrid } from './feature-grid.tsx';
import { Hero } from './hero.tsx';
import { HomeGreeting } from './home-greeting.tsx';
import { HomePromptBox } from './home-prompt-box.tsx';
import { RecentComponents } from './recent-components.tsx';

export default function HomePage() {
  useDocumentTitle(null);
  return (
    <>
      <Hero>
        <HomeGreeting />
        <HomePromptBox />
      </Hero>
      <RecentComponents />
      <ExploreComponents />
      <FeatureGrid />
    </>
  );
}
