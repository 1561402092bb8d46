export const HTML_PROJECT = `## Project shape: plain HTML
- The page is \`index.html\`; further pages are sibling .html files linked with relative links
  (\`about.html\`), shared code in \`styles.css\` / \`script.js\` when it helps.
- Load Tailwind CSS and daisyUI from their CDNs in <head>:
  <script src="https://cdn.tailwindcss.com"></script>
  <link href="https://cdn.jsdelivr.net/npm/daisyui@4/dist/full.min.css" rel="stylesheet" />
- Set the daisyUI theme on the root element: <html lang="en" data-theme="light">. Use daisyUI
  components (btn, card, navbar, modal, input, badge...) and theme colours (primary, secondary,
  accent, base-100...) so that a theme change restyles the whole page.
- Interactivity in plain JavaScript inside <script> tags; no build step and no npm packages.
- Images: use https://placehold.co or /placeholder.svg; never invent local image files.`;
