import { useId } from 'react';
import { toast } from 'sonner';
import { INTEGRATION_TYPE_LABELS } from '../../../../core/integrations/providers.ts';
import { Switch } from '../../../components/ui/switch.tsx';
import type { ChatIntegrationType } from '../../data/chat-integrations-query.ts';

/**
 * Spec §2 "Integrations tab": one type's switch, a selector when the person has several of that
 * type, and 'Using: {name}'. Spec §8 toasts on a type without any, and on failures.
 */
export function IntegrationTypeRow({
  state,
  busy,
  onChange,
}: {
  state: ChatIntegrationType;
  busy: boolean;
  onChange: (integrationId: string | null) => Promise<unknown>;
}) {
  const id = useId();
  const label = INTEGRATION_TYPE_LABELS[state.type];
  const enabled = state.integrations.find((i) => i.id === state.enabledIntegrationId) ?? null;

  async function change(integrationId: string | null) {
    try {
      await onChange(integrationId);
    } catch (error) {
      toast.error(integrationId ? 'Failed to enable integration' : 'Failed to disable integration', {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  }

  function toggle(on: boolean) {
    if (!on) return void change(null);
    const first = state.integrations[0];
    if (!first) {
      toast.error('No integration available', {
        description: 'Please configure an integration in settings first',
      });
      return;
    }
    void change(first.id);
  }

  return (
    <li className="flex flex-col gap-2 rounded-xl border bg-card px-3 py-2.5">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="text-[13px] font-medium">
          {label}
        </label>
        <Switch id={id} checked={enabled !== null} disabled={busy} onCheckedChange={toggle} />
      </div>
      {enabled && state.integrations.length > 1 ? (
        <select
          aria-label={`${label} integration`}
          className="h-8 rounded-md border bg-background px-2 text-[13px]"
          value={enabled.id}
          disabled={busy}
          onChange={(event) => void change(event.target.value)}
        >
          {state.integrations.map((integration) => (
            <option key={integration.id} value={integration.id}>
              {integration.name}
            </option>
          ))}
        </select>
      ) : null}
      {enabled ? <p className="text-[12px] text-muted-foreground">Using: {enabled.name}</p> : null}
      {!enabled && state.integrations.length === 0 ? (
        <p className="text-[12px] text-muted-foreground">None configured</p>
      ) : null}
    </li>
  );
}
