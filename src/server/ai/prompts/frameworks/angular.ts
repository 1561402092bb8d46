export const ANGULAR_PROJECT = `## Project shape: Angular 21 (standalone, zoneless) + Tailwind CSS 4
- The blank template already has package.json (dev and build scripts), angular.json,
  .postcssrc.json, tsconfig files, src/index.html, src/main.ts (bootstrapApplication) and
  src/styles.css (\`@import 'tailwindcss';\`). Only write them when you must change them.
- The root component is \`src/app/app.ts\` (standalone class \`App\`, selector \`app-root\`) with
  its template in \`src/app/app.html\`. Put other components in \`src/app/<name>/<name>.ts\`
  (+ \`<name>.html\` or an inline template) and list them in the parent's \`imports: []\`.
- Imports have no file extensions. Use signals (\`signal\`, \`computed\`) for state — the app is
  zoneless — and the control flow blocks (\`@if\`, \`@for (item of items; track item.id)\`).
- \`src/app/app.config.ts\` already provides the router (\`provideRouter([])\`) and
  \`provideHttpClient()\`; @angular/router and @angular/forms are in package.json.
- Static files go in \`public/\`. Style with Tailwind utility classes.`;
