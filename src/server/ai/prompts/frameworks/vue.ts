export const VUE_PROJECT = `## Project shape: Vue 3 + TypeScript + Vite + Tailwind CSS 4
- The blank template already has package.json (dev and build scripts), vite.config.ts,
  tsconfig files, index.html and src/style.css (\`@import "tailwindcss";\`). Only write them
  when you must change them.
- \`src/main.ts\` mounts \`src/App.vue\`; put components in \`src/components/\` as single-file
  components with \`<script setup lang="ts">\` and the Composition API (ref, computed).
- Style with Tailwind utility classes in the templates.`;
