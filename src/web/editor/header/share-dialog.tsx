import { useEffect, useState } from 'react';
import { Check, Copy, Link2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogIcon,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { COPIED_INDICATOR_MS } from '../code-view/copy-button.tsx';

interface ShareDialogProps {
  url: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Spec §2: 'Share Your Component' with a copy button. */
export function ShareDialog({ url, open, onOpenChange }: ShareDialogProps) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
      toast.success('Successfully copied', { duration: COPIED_INDICATOR_MS });
    } catch {
      toast.error('Copy failed', { description: 'Select the link and copy it yourself.' });
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogIcon>
          <Link2 />
        </DialogIcon>
        <DialogHeader>
          <DialogTitle>Share Your Component</DialogTitle>
          <DialogDescription>
            Anyone with this link can view the component, its preview and its code.
          </DialogDescription>
        </DialogHeader>
        <div className="flex gap-2">
          <label htmlFor="share-url" className="sr-only">
            Link to the component
          </label>
          <Input
            id="share-url"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-[13px]"
          />
          <Button onClick={() => void copy()} className="shrink-0">
            {isCopied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {isCopied ? 'Copied' : 'Copy link'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
