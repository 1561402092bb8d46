import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import {
  checkCredentials,
  INTEGRATION_TYPE_LABELS,
  isMasked,
  providersOf,
  type IntegrationType,
  type ProviderDefinition,
} from '../../../core/integrations/index.ts';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { describedBy, FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { useCreateIntegration, useUpdateIntegration, type Integration } from './queries.ts';
import { SelectField } from './select-field.tsx';

interface IntegrationFormDialogProps {
  userId: string;
  type: IntegrationType;
  /** The integration being edited; absent when adding one. */
  editing?: Integration;
  /** The person's Supabase integrations (what Supabase Auth can use). */
  supabaseProjects: Integration[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Add or edit one integration: the provider (when the type has several), a name and the
 * provider's fields. Secrets are password fields; when editing they start empty and are kept
 * unless retyped (the server keeps a masked or empty secret).
 */
export function IntegrationFormDialog(props: IntegrationFormDialogProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-lg">
        {/* Mounted per opening, so a cancelled edit leaves nothing behind. */}
        {props.open ? <IntegrationForm {...props} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function IntegrationForm({
  userId,
  type,
  editing,
  supabaseProjects,
  onOpenChange,
}: IntegrationFormDialogProps) {
  const id = useId();
  const providers = providersOf(type);
  const [providerId, setProviderId] = useState(editing?.provider ?? providers[0]!.id);
  const provider = providers.find((p) => p.id === providerId) ?? providers[0]!;
  const [name, setName] = useState(editing?.name ?? '');
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(provider, editing));
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const create = useCreateIntegration(userId);
  const update = useUpdateIntegration(userId);
  const pending = create.isPending || update.isPending;

  const chooseProvider = (next: string) => {
    setProviderId(next);
    setValues(
      initialValues(
        providers.find((p) => p.id === next)!,
        undefined,
      ),
    );
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const credentials = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]));
    // The same zod rules as the server, so most mistakes show at once beside their field.
    if (!editing) {
      const check = checkCredentials(provider.id, credentials);
      if (!check.ok) {
        setError(check.field ? { message: check.message, field: check.field } : { message: check.message });
        return;
      }
    }
    setError(null);
    const onError = (failure: Error) => {
      const field = failure instanceof ApiError ? failure.details.field : undefined;
      setError(
        typeof field === 'string' ? { message: failure.message, field } : { message: failure.message },
      );
    };
    const done = (saved: Integration) => {
      toast.success(editing ? 'Integration saved' : 'Integration added', { description: saved.name });
      onOpenChange(false);
    };
    if (editing)
      update.mutate({ id: editing.id, name: name.trim(), credentials }, { onSuccess: done, onError });
    else
      create.mutate(
        { name: name.trim(), type, provider: provider.id, credentials },
        { onSuccess: done, onError },
      );
  };

  const fieldError = (field: string) => (error?.field === field ? error.message : null);
  const formError = error && !provider.fields.some((f) => f.name === error.field) ? error.message : null;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>
          {editing ? `Edit ${editing.name}` : `Add ${INTEGRATION_TYPE_LABELS[type].toLowerCase()}`}
        </DialogTitle>
        <DialogDescription>
          Keys are encrypted on the server; secret keys and passwords are never shown again in full.{' '}
          {editing ? 'Leave a secret empty to keep it.' : ''}
        </DialogDescription>
      </DialogHeader>
      {providers.length > 1 && !editing ? (
        <FormField id={`${id}-provider`} label="Provider">
          <SelectField
            id={`${id}-provider`}
            value={provider.id}
            disabled={pending}
            onChange={(event) => chooseProvider(event.target.value)}
          >
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </SelectField>
        </FormField>
      ) : null}
      <FormField
        id={`${id}-name`}
        label="Name"
        hint={`Shown in the editor’s Integrations tab; default ‘${provider.label}’.`}
      >
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          placeholder={provider.label}
          disabled={pending}
          onChange={(event) => setName(event.target.value)}
          aria-describedby={describedBy(`${id}-name`, null, true)}
        />
      </FormField>
      {provider.fields.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const problem = fieldError(field.name);
        const stored = editing?.credentials[field.name];
        const hint =
          field.secret && stored ? `Saved as ${stored}. Type a new value to replace it.` : undefined;
        const common = {
          id: fieldId,
          value: values[field.name] ?? '',
          disabled: pending,
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': describedBy(fieldId, problem, hint !== undefined),
          onChange: (event: { target: { value: string } }) => {
            setValues((current) => ({ ...current, [field.name]: event.target.value }));
            if (error?.field === field.name) setError(null);
          },
        };
        const label = field.optional ? `${field.label} (optional)` : field.label;
        return (
          <FormField key={field.name} id={fieldId} label={label} error={problem} hint={hint}>
            {field.kind === 'integration' ? (
              <SelectField {...common}>
                <option value="">
                  {supabaseProjects.length ? 'Choose a Supabase project' : 'Add a Supabase database first'}
                </option>
                {supabaseProjects.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.name}
                  </option>
                ))}
              </SelectField>
            ) : field.secret ? (
              <PasswordInput
                {...common}
                placeholder={stored ?? field.placeholder}
                autoComplete="off"
                spellCheck={false}
              />
            ) : (
              <Input
                {...common}
                type={field.kind === 'number' ? 'number' : field.kind === 'url' ? 'url' : 'text'}
                inputMode={field.kind === 'number' ? 'numeric' : undefined}
                placeholder={field.placeholder}
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </FormField>
        );
      })}
      {formError ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-[13px] text-destructive"
        >
          {formError}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? <Spinner /> : null}
          {pending ? 'Saving...' : editing ? 'Save' : 'Add integration'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Empty fields for a new integration; an edit starts from the stored values with secrets empty. */
function initialValues(
  provider: ProviderDefinition,
  editing: Integration | undefined,
): Record<string, string> {
  return Object.fromEntries(
    provider.fields.map((field) => {
      const stored = editing?.credentials[field.name] ?? '';
      return [field.name, field.secret || isMasked(stored) ? '' : stored];
    }),
  );
}
