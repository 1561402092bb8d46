export const SVELTE_PROJECT = `## Project shape: Svelte 5 + TypeScript + Vite + Tailwind CSS 4
- The blank template already has package.json (dev and build scripts), vite.config.ts,
  svelte.config.js, tsconfig files, index.html and src/app.css (\`@import "tailwindcss";\`).
  Only write them when you must change them.
- \`src/main.ts\` mounts \`src/App.svelte\`; put components in \`src/lib/\`.
- Use Svelte 5 runes: \`let count = $state(0)\`, \`$derived\`, \`$props()\`, and \`onclick={...}\`
  event attributes. \`<script lang="ts">\` in every component.
- Style with Tailwind utility classes.`;
