/** Kiln's offline demo model (docs/decisions/0040-demo-model.md). */
import { CATALOGUE } from './catalogue/index.ts';

export { createDemoModel, DEMO_MODEL_ID, type DemoModelOptions } from './model.ts';

/** The catalogue's entry names, for the UI and README ("the demo model can build …"). */
export const DEMO_CATALOGUE_ENTRIES: readonly string[] = CATALOGUE.map((entry) => entry.title);
