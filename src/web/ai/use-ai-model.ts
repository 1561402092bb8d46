import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../lib/api.ts';

export interface AiModelInfo {
  /** 'demo:kiln-demo', 'openai:gpt-4.1', … */
  id: string;
  isDemo: boolean;
}

/** GET /api/ai: which model answers prompts on this server. */
export function useAiModel() {
  return useQuery({
    queryKey: ['ai-model'],
    queryFn: ({ signal }) => apiFetch<AiModelInfo>('/api/ai', { signal }),
    staleTime: 10 * 60_000,
  });
}
