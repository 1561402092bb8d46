import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';

/** Spec §9: 'Copied indicator 2 s'. */
export const COPIED_INDICATOR_MS = 2000;

interface CopyButtonProps {
  text: () => string | null;
  label?: string;
  disabled?: boolean;
}

/** Copies text; says 'Successfully copied' and shows a check for 2 s. */
export function CopyButton({ text, label = 'Copy', disabled }: CopyButtonProps) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={disabled}
      onClick={async () => {
        const value = text();
        if (value === null) return;
        try {
          await navigator.clipboard.writeText(value);
          setIsCopied(true);
          toast.success('Successfully copied', { duration: COPIED_INDICATOR_MS });
        } catch {
          toast.error('Copy failed', { description: 'Your browser did not allow access to the clipboard.' });
        }
      }}
    >
      {isCopied ? <Check aria-hidden="true" className="text-emerald-600" /> : <Copy aria-hidden="true" />}
      <span className="max-sm:sr-only">{isCopied ? 'Copied' : label}</span>
    </Button>
  );
}
