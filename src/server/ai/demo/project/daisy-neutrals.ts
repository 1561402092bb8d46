import { swapClassTokens } from '../modify/class-tokens.ts';

/**
 * In HTML, neutral surfaces use daisyUI's base colours so that a data-theme switch recolours
 * the page; the other frameworks have no daisyUI and keep plain Tailwind greys.
 */
const TO_DAISY: Readonly<Record<string, string>> = {
  'bg-white': 'bg-base-100',
  'bg-gray-50': 'bg-base-200',
  'bg-gray-100': 'bg-base-200',
  'text-gray-900': 'text-base-content',
  'border-gray-200': 'border-base-300',
  'divide-gray-200': 'divide-base-300',
};

export function daisyNeutrals(html: string): string {
  return swapClassTokens(html, TO_DAISY);
}
