import type { ComponentProps } from 'react';
import { HoverCard as HoverCardPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

export const HoverCard = HoverCardPrimitive.Root;
export const HoverCardTrigger = HoverCardPrimitive.Trigger;

export function HoverCardContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof HoverCardPrimitive.Content>) {
  return (
    <HoverCardPrimitive.Portal>
      <HoverCardPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 rounded-xl border bg-popover p-1.5 shadow-xl shadow-stone-950/15 data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      />
    </HoverCardPrimitive.Portal>
  );
}
