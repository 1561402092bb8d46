export const HTML_PROJECT = `## Project shape: plain HTML
- The page is \`index.html\`; further pages are sibling .html files linked with relative links
  (\`about.html\`), shared code in \`styles.css\` / \`script.js\` when it helps.
- Load daisyUI 5 and Tailwind CSS 4 (browser build) from their CDNs in <head>, exactly:
  <link href="https://cdn.jsdelivr.net/npm/daisyui@5" rel="stylesheet" type="text/css" />
  <script src="https://cdn.jsdelivr.net/npm/@tailwindcss/browser@4"></script>
- Set the daisyUI theme on the root element: <html lang="en" data-theme="light">. Use daisyUI
  components (btn, card, navbar, modal, input, badge...) and theme colours (primary, secondary,
  accent, base-100, base-content...) so that a theme change restyles the whole page.
- Interactivity in plain JavaScript inside <script> tags; no build step and no npm packages.
- Images: the project's own images (binary files, attachments you place), else
  /placeholder.svg; never invent local image files.`;
