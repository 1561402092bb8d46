import { MAX_STACK_FRAMES, type StackFrame } from '../../core/preview/runtime-errors.ts';

/** The body of a stack-mapping request, checked: at most MAX_STACK_FRAMES well-formed frames. */
export function readStackRequest(body: unknown): StackFrame[] | null {
  const frames = (body as { frames?: unknown } | null)?.frames;
  if (!Array.isArray(frames) || frames.length > MAX_STACK_FRAMES) return null;
  const read: StackFrame[] = [];
  for (const raw of frames as unknown[]) {
    const frame = raw as Partial<Record<keyof StackFrame, unknown>> | null;
    if (typeof frame !== 'object' || frame === null) return null;
    const { url, line, column, name } = frame;
    if (typeof url !== 'string' || url.length > 2000) return null;
    if (!Number.isInteger(line) || !Number.isInteger(column)) return null;
    if ((line as number) < 1 || (column as number) < 1) return null;
    if (name !== undefined && name !== null && (typeof name !== 'string' || name.length > 300)) return null;
    read.push({ url, line: line as number, column: column as number, name: (name as string | null) ?? null });
  }
  return read;
}
