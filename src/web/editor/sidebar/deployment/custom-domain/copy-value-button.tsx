import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button.tsx';
import { COPY_TOAST_MS } from './custom-domain-toasts.ts';

/** A copy button for one DNS value: 'Successfully copied' and a check mark for 2 s (spec §9). */
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPY_TOAST_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8 shrink-0"
      aria-label={label}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(value);
          setIsCopied(true);
          toast.success('Successfully copied', { duration: COPY_TOAST_MS });
        } catch {
          toast.error('Copy failed', { description: 'Your browser did not allow access to the clipboard.' });
        }
      }}
    >
      {isCopied ? <Check aria-hidden="true" className="text-emerald-600" /> : <Copy aria-hidden="true" />}
    </Button>
  );
}
