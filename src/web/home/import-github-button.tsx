import { lazy, Suspense, useState } from 'react';
import { FolderGit2 } from 'lucide-react';
import { Button } from '../components/ui/button.tsx';
import { Dialog, DialogTrigger } from '../components/ui/dialog.tsx';

// The dialog's code is fetched on first use, not with the home page.
const ImportGithubDialogContent = lazy(async () => ({
  default: (await import('./import-github-dialog.tsx')).ImportGithubDialogContent,
}));

/** 'Import from GitHub' beside the prompt box (issue 15). */
export function ImportGithubButton() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="rounded-full bg-background/80">
          <FolderGit2 aria-hidden="true" />
          Import from GitHub
        </Button>
      </DialogTrigger>
      {isOpen ? (
        <Suspense fallback={null}>
          <ImportGithubDialogContent />
        </Suspense>
      ) : null}
    </Dialog>
  );
}
