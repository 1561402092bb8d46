import { Toaster } from 'sonner';
import { useTheme } from '../theme/theme-context.ts';

export function AppToaster() {
  const { resolved } = useTheme();
  return (
    <Toaster
      theme={resolved}
      position="bottom-right"
      closeButton
      toastOptions={{ className: 'font-sans', duration: 4000 }}
    />
  );
}
