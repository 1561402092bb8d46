import { Link } from 'react-router';
import { Sparkles, Unplug } from 'lucide-react';
import type { LinkedRepo } from '../../../lib/codehost-types.ts';
import { asSentence } from '../../../lib/sentence.ts';
import { Notice } from '../deployment/notice.tsx';

/** Spec §2: not premium → 'Premium feature required' with a link to /pricing. */
export function PremiumRequiredNotice() {
  return (
    <Notice tone="brand" icon={<Sparkles aria-hidden="true" />} title="Premium feature required">
      Upgrade to keep this component in a GitHub repository: push versions to it and pull changes back.{' '}
      <Link to="/pricing" className="font-medium underline underline-offset-2">
        See plans
      </Link>
    </Notice>
  );
}

/**
 * Spec §2: premium but no connection → 'GitHub not connected' with a link to /account. When GitHub
 * refused the saved token on use (revoked, missing a permission), its reason is shown too.
 */
export function NotConnectedNotice({ problem, repo }: { problem: string | null; repo: LinkedRepo | null }) {
  return (
    <Notice
      tone={problem ? 'warning' : 'info'}
      icon={<Unplug aria-hidden="true" />}
      title="GitHub not connected"
    >
      <p>
        {problem ? (
          <>
            GitHub refused the saved connection:{' '}
            <span className="font-medium">{asSentence(problem)}</span>{' '}
          </>
        ) : null}
        {repo ? <>This component is linked to {repo.fullName}. </> : null}
        Connect your GitHub account on the{' '}
        <Link to="/account" className="font-medium underline underline-offset-2">
          Account page
        </Link>{' '}
        to {repo ? 'sync it again' : 'create a repository for this component'}.
      </p>
    </Notice>
  );
}
