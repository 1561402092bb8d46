import { Toaster } from 'sonner';
import { useTheme } from '../theme/theme-context.ts';

export function AppToaster() {
  const { resolved } = useTheme();
  return (
    <Toaster
      theme={resolved}
      // Top centre, below the 56 px header: the bottom corners hold the preview's Like button and
      // the prompt box, the header holds the actions; the top of the page is content only.
      position="top-center"
      offset={{ top: 64 }}
      mobileOffset={{ top: 64 }}
      closeButton
      toastOptions={{ className: 'font-sans', duration: 4000 }}
    />
  );
}
