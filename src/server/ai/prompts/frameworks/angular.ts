export const ANGULAR_PROJECT = `## Project shape: Angular 21 (standalone components) + Tailwind CSS 4
- The blank template already has package.json (dev and build scripts), angular.json,
  tsconfig files, src/index.html, src/main.ts (bootstrapApplication) and src/styles.css
  (\`@import "tailwindcss";\`). Only write them when you must change them.
- The root component is \`src/app/app.component.ts\` (selector \`app-root\`, standalone);
  put other components in \`src/app/components/<name>/<name>.component.ts\`.
- Standalone components with inline templates, signals (\`signal\`, \`computed\`) for state and the
  new control flow (\`@if\`, \`@for (item of items; track item.id)\`). Import what a template uses
  in the component's \`imports\` array.
- Style with Tailwind utility classes.`;
