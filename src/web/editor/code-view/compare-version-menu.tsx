import type { ReactNode } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';

interface CompareVersionMenuProps {
  /** The version on screen: the others are offered. */
  selectedVersion: number;
  versions: readonly number[];
  /** The version compared with now, if any. */
  value: number | null;
  onPick: (version: number) => void;
  /** The button that opens the menu. */
  children: ReactNode;
}

/** 'Compare with…': the chat's other versions, newest first. */
export function CompareVersionMenu({
  selectedVersion,
  versions,
  value,
  onPick,
  children,
}: CompareVersionMenuProps) {
  const others = versions.filter((version) => version !== selectedVersion).reverse();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>{children}</DropdownMenuTrigger>
      <DropdownMenuContent className="max-h-80 min-w-44 overflow-y-auto">
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
          Compare version #{selectedVersion} with
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup
          value={value === null ? '' : String(value)}
          onValueChange={(next) => onPick(Number(next))}
        >
          {others.map((version) => (
            <DropdownMenuRadioItem key={version} value={String(version)}>
              Version #{version}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
