import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { Config } from '../config.ts';

export type ProviderName = 'openai' | 'anthropic' | 'compatible' | 'demo';

export interface ResolvedModel {
  model: LanguageModelV3;
  provider: ProviderName;
  /** `provider:model`, shown in the UI and logs. */
  id: string;
  isDemo: boolean;
  /** PDFs go to the model as file parts; otherwise Kiln sends their extracted text. */
  acceptsPdf: boolean;
}

export class ModelConfigError extends Error {}

const DEFAULT_MODELS: Record<Exclude<ProviderName, 'demo' | 'compatible'>, string> = {
  openai: 'gpt-4.1',
  anthropic: 'claude-sonnet-4-5',
};

/**
 * Picks the model from KILN_MODEL=provider:model and the usual key variables. With nothing
 * configured Kiln runs its offline demo model, so the product works end to end without a key.
 * The demo model's catalogue is imported only when it is the one in use.
 */
export async function resolveModel(config: Config['ai']): Promise<ResolvedModel> {
  let provider: ProviderName;
  let modelName: string | undefined;
  if (config.model) {
    const separator = config.model.indexOf(':');
    const name = separator === -1 ? config.model : config.model.slice(0, separator);
    modelName = separator === -1 ? undefined : config.model.slice(separator + 1);
    const aliases: Record<string, ProviderName> = {
      openai: 'openai',
      anthropic: 'anthropic',
      compatible: 'compatible',
      'openai-compatible': 'compatible',
      demo: 'demo',
    };
    const resolved = aliases[name];
    if (!resolved) {
      throw new ModelConfigError(
        `KILN_MODEL "${config.model}": unknown provider "${name}". Use openai:, anthropic:, compatible: or demo.`,
      );
    }
    provider = resolved;
  } else if (config.openaiApiKey) {
    provider = 'openai';
  } else if (config.anthropicApiKey) {
    provider = 'anthropic';
  } else if (config.compatibleBaseUrl) {
    throw new ModelConfigError(
      'KILN_OPENAI_COMPATIBLE_BASE_URL is set: also set KILN_MODEL=compatible:<model>.',
    );
  } else {
    provider = 'demo';
  }

  switch (provider) {
    case 'demo': {
      const { createDemoModel, DEMO_MODEL_ID } = await import('./demo/index.ts');
      return {
        model: createDemoModel({ delayMs: config.demoDelayMs }),
        provider,
        id: `demo:${DEMO_MODEL_ID}`,
        isDemo: true,
        acceptsPdf: false,
      };
    }
    case 'openai': {
      if (!config.openaiApiKey) throw new ModelConfigError('KILN_MODEL uses openai: set OPENAI_API_KEY.');
      const name = modelName ?? DEFAULT_MODELS.openai;
      // Each provider's SDK is loaded only when configured (~17 MB each; the demo needs none).
      const { createOpenAI } = await import('@ai-sdk/openai');
      const openai = createOpenAI({ apiKey: config.openaiApiKey, baseURL: config.openaiBaseUrl });
      // The Chat Completions API is the one every OpenAI-protocol server speaks.
      return { model: openai.chat(name), provider, id: `openai:${name}`, isDemo: false, acceptsPdf: true };
    }
    case 'anthropic': {
      if (!config.anthropicApiKey)
        throw new ModelConfigError('KILN_MODEL uses anthropic: set ANTHROPIC_API_KEY.');
      const name = modelName ?? DEFAULT_MODELS.anthropic;
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      const anthropic = createAnthropic({ apiKey: config.anthropicApiKey, baseURL: config.anthropicBaseUrl });
      return { model: anthropic(name), provider, id: `anthropic:${name}`, isDemo: false, acceptsPdf: true };
    }
    case 'compatible': {
      if (!config.compatibleBaseUrl) {
        throw new ModelConfigError('KILN_MODEL uses compatible: set KILN_OPENAI_COMPATIBLE_BASE_URL.');
      }
      if (!modelName) throw new ModelConfigError('KILN_MODEL=compatible:<model> needs a model name.');
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const compatible = createOpenAICompatible({
        name: 'compatible',
        baseURL: config.compatibleBaseUrl,
        apiKey: config.compatibleApiKey,
      });
      return {
        model: compatible.chatModel(modelName),
        provider,
        id: `compatible:${modelName}`,
        isDemo: false,
        acceptsPdf: false,
      };
    }
  }
}
