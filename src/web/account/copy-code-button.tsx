import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../components/ui/button.tsx';

/** Spec §9: the copied indicator and its toast last 2 s. */
const COPIED_MS = 2000;

/** Copies the device code: 'Successfully copied' and a check mark for 2 s. */
export function CopyCodeButton({ code }: { code: string }) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  return (
    <Button
      variant="outline"
      size="sm"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(code);
          setIsCopied(true);
          toast.success('Successfully copied', { duration: COPIED_MS });
        } catch {
          toast.error('Copy failed', { description: 'Your browser did not allow access to the clipboard.' });
        }
      }}
    >
      {isCopied ? <Check aria-hidden="true" className="text-emerald-600" /> : <Copy aria-hidden="true" />}
      {isCopied ? 'Copied' : 'Copy code'}
    </Button>
  );
}
