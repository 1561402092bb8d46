import { useState } from 'react';
import { Link } from 'react-router';
import { Globe, Lock } from 'lucide-react';
import { toast } from 'sonner';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useChangeVisibility } from '../../data/use-chat-mutations.ts';
import { PremiumUpsellDialog, useUpsell } from '../../premium/premium-upsell.tsx';
import { useEditor } from '../../state/editor-context.ts';
import { InstructionsSection } from './instructions-section.tsx';
import { MarketplaceSection } from './marketplace-section.tsx';

/** Spec §2 "Settings tab": the 'Private mode' switch (premium; blocked while listed on the marketplace). */
export default function SettingsTab() {
  const { data, slug, chatId, permissions } = useEditor();
  const change = useChangeVisibility(slug, chatId);
  const isPrivate = data.chat.isPrivate;
  const upsell = useUpsell('changeVisibility');
  const [isUpsellOpen, setIsUpsellOpen] = useState(false);

  return (
    <div className="flex flex-col gap-4 p-4">
      <section className="rounded-xl border bg-card p-4" aria-labelledby="private-mode-label">
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label id="private-mode-label" htmlFor="private-mode">
              Private mode
            </Label>
            <p id="private-mode-hint" className="text-[13px] leading-snug text-muted-foreground">
              {isPrivate
                ? 'Only you can open this component. Its link shows “not found” to everyone else.'
                : 'Anyone with the link can view this component, and it may appear in Explore.'}
            </p>
          </div>
          <Switch
            id="private-mode"
            aria-describedby="private-mode-hint"
            checked={isPrivate}
            disabled={change.isPending}
            onCheckedChange={(checked) => {
              if (!permissions.changeVisibility) {
                if (upsell) setIsUpsellOpen(true);
                return;
              }
              change.mutate(!checked, {
                onSuccess: ({ isPrivate: nowPrivate }) =>
                  toast.success(nowPrivate ? 'The component is private' : 'The component is public'),
                onError: (error) => {
                  if (error instanceof ApiError && error.status === 402) {
                    toast.error('Premium account required', {
                      description: 'You are not premium, the visibility cannot be changed...',
                    });
                  } else {
                    toast.error('Could not change the visibility', { description: error.message });
                  }
                },
              });
            }}
          />
        </div>
        <p className="mt-3 flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
          {isPrivate ? (
            <Lock aria-hidden="true" className="size-3.5" />
          ) : (
            <Globe aria-hidden="true" className="size-3.5" />
          )}
          {isPrivate ? 'Private' : 'Public'}
        </p>
        {!permissions.changeVisibility ? (
          <p className="mt-3 rounded-lg bg-brand-soft px-3 py-2 text-[13px] text-brand-foreground">
            Changing visibility is a Premium feature.{' '}
            <Link to="/pricing" className="font-medium underline underline-offset-2">
              See plans
            </Link>
          </p>
        ) : null}
      </section>
      <PremiumUpsellDialog message={upsell} open={isUpsellOpen} onOpenChange={setIsUpsellOpen} />
      <MarketplaceSection />
      {permissions.edit ? <InstructionsSection /> : null}
    </div>
  );
}
