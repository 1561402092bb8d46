export const REACT_PROJECT = `## Project shape: React 19 + TypeScript + Vite + Tailwind CSS 4
- The blank template already has package.json (dev and build scripts), vite.config.ts,
  tsconfig files, index.html and src/index.css (\`@import "tailwindcss";\`). Only write them
  when you must change them (for example, to add a dependency to package.json).
- \`src/main.tsx\` renders \`<App />\` from \`src/App.tsx\`; put components in
  \`src/components/\` (one component per file, PascalCase names) and hooks in \`src/hooks/\`.
- Function components with hooks, typed props, no \`any\`. Style with Tailwind utility classes.
- Icons: lucide-react (already in the template's package.json).
  Other packages only when truly needed, and always declared in package.json.`;
