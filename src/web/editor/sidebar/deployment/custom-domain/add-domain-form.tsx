import { useId, useState, type FormEvent } from 'react';
import { Info, Plus, ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { validateCustomDomain } from '../../../../../core/validation/custom-domain.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useAddCustomDomain } from '../../../data/use-custom-domain-mutations.ts';
import { useEditor } from '../../../state/editor-context.ts';
import { addDomainFailureToast, DOMAIN_ADDED } from './custom-domain-toasts.ts';

/**
 * Spec §2 "Add form": 'Domain Name' (placeholder {host}), 'Add Custom Domain', with the notes
 * 'One custom domain per project' and automatic HTTPS. Spec §5: lowercased, not empty, and
 * checked for availability before it is added.
 */
export function AddDomainForm({ placeholder }: { placeholder: string }) {
  const { slug, chatId } = useEditor();
  const id = useId();
  const [value, setValue] = useState('');
  const add = useAddCustomDomain(slug, chatId);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const domain = validateCustomDomain(value);
    if (!domain.ok) {
      toast.error(domain.error.title, { description: domain.error.message });
      return;
    }
    add.mutate(domain.value, {
      onSuccess: () => {
        setValue('');
        toast.success(DOMAIN_ADDED.title, { description: DOMAIN_ADDED.description });
      },
      onError: (error) => {
        const { title, description } = addDomainFailureToast(error);
        toast.error(title, { description });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor={id}>Domain Name</Label>
        <Input
          id={id}
          value={value}
          onChange={(event) => setValue(event.target.value.toLowerCase())}
          placeholder={placeholder}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          inputMode="url"
          disabled={add.isPending}
          aria-describedby={`${id}-notes`}
        />
      </div>
      <Button type="submit" variant="outline" disabled={add.isPending} aria-busy={add.isPending || undefined}>
        {add.isPending ? <Spinner /> : <Plus aria-hidden="true" />}
        {add.isPending ? 'Adding...' : 'Add Custom Domain'}
      </Button>
      <ul id={`${id}-notes`} className="flex flex-col gap-1 text-xs text-muted-foreground">
        <li className="flex items-center gap-1.5">
          <Info aria-hidden="true" className="size-3.5 shrink-0" /> One custom domain per project
        </li>
        <li className="flex items-center gap-1.5">
          <ShieldCheck aria-hidden="true" className="size-3.5 shrink-0" /> HTTPS is set up automatically once
          the domain is verified
        </li>
      </ul>
    </form>
  );
}
