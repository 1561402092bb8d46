import { Link } from 'react-router';
import { Eye, Sparkles } from 'lucide-react';
import { Notice } from './notice.tsx';

/** Spec §2: 'View Only' notice for non-owners (§6: only the owner deploys, updates, undeploys). */
export function ViewOnlyNotice() {
  return (
    <Notice icon={<Eye aria-hidden="true" />} title="View Only">
      Only the owner can deploy this application, change its deployment or manage its custom domain.
    </Notice>
  );
}

/** Spec §2: premium upsell (/pricing) for non-premium users. */
export function PremiumUpsell({ id }: { id?: string }) {
  return (
    <Notice
      id={id}
      tone="brand"
      icon={<Sparkles aria-hidden="true" />}
      title="Deployment is a Premium feature"
    >
      Upgrade to publish this application at its own address, with a custom domain and automatic HTTPS.{' '}
      <Link to="/pricing" className="font-medium underline underline-offset-2">
        See plans
      </Link>
    </Notice>
  );
}
