import fs from 'node:fs';

export interface TreeProcess {
  pid: number;
  name: string;
  rssMb: number;
}

/** A process and all its descendants (by parent pid in /proc) with their resident memory (VmRSS). */
export function treeRss(rootPid: number): { totalMb: number; processes: TreeProcess[] } {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid ..." — comm may hold spaces or parentheses, so split after the last ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited while listing
    }
  }
  const processes: TreeProcess[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    queue.push(...(parents.get(pid) ?? []));
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const name = /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '?';
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      processes.push({ pid, name, rssMb: kb / 1024 });
    } catch {
      // exited while reading
    }
  }
  return { totalMb: processes.reduce((sum, p) => sum + p.rssMb, 0), processes };
}
