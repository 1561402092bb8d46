/**
 * Tailwind markup the follow-ups add, authored once as HTML and rendered per framework.
 * `accent` is the page's current accent colour family, so additions match the design.
 */
export const SECTION_KINDS = ['footer', 'features', 'testimonials', 'faq', 'newsletter', 'stats'] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function buttonSnippet(label: string, accent: string): string {
  return `<div class="mt-8 flex justify-center pb-8"><button type="button" class="rounded-lg bg-${accent}-600 px-5 py-2.5 text-sm font-semibold text-white shadow hover:bg-${accent}-500">${escapeHtml(label)}</button></div>`;
}

const CARD = 'rounded-xl border border-gray-200 bg-white p-6 shadow-sm';

export function sectionSnippet(kind: SectionKind, accent: string): string {
  switch (kind) {
    case 'footer':
      return `<footer class="border-t border-gray-200 bg-white"><div class="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-6 py-8 text-sm text-gray-500 sm:flex-row"><p>© 2025 Northwind. All rights reserved.</p><nav class="flex gap-6"><a href="#privacy" class="hover:text-${accent}-600">Privacy</a><a href="#terms" class="hover:text-${accent}-600">Terms</a><a href="#contact" class="hover:text-${accent}-600">Contact</a></nav></div></footer>`;
    case 'features':
      return `<section class="mx-auto max-w-6xl px-6 py-16"><h2 class="text-center text-3xl font-bold text-gray-900">Features</h2><div class="mt-10 grid gap-6 md:grid-cols-3">${[
        ['Fast by default', 'Pages load in well under a second on any connection.'],
        ['Secure', 'Encryption at rest and in transit, with audit logs for every change.'],
        ['Collaborative', 'Invite your team and work on the same project in real time.'],
      ]
        .map(
          ([title, text]) =>
            `<div class="${CARD}"><div class="flex h-10 w-10 items-center justify-center rounded-lg bg-${accent}-100 font-bold text-${accent}-700">★</div><h3 class="mt-4 font-semibold text-gray-900">${title}</h3><p class="mt-2 text-sm text-gray-600">${text}</p></div>`,
        )
        .join('')}</div></section>`;
    case 'testimonials':
      return `<section class="mx-auto max-w-6xl px-6 py-16"><h2 class="text-center text-3xl font-bold text-gray-900">What our customers say</h2><div class="mt-10 grid gap-6 md:grid-cols-2">${[
        ['“We shipped our new site in a weekend. The team loves it.”', 'Lena Park, Head of Growth'],
        ['“Support answered in minutes and fixed it the same day.”', 'Omar Haddad, CTO'],
      ]
        .map(
          ([quote, who]) =>
            `<figure class="${CARD}"><blockquote class="text-gray-700">${quote}</blockquote><figcaption class="mt-4 text-sm font-medium text-${accent}-600">${who}</figcaption></figure>`,
        )
        .join('')}</div></section>`;
    case 'faq':
      return `<section class="mx-auto max-w-3xl px-6 py-16"><h2 class="text-center text-3xl font-bold text-gray-900">Frequently asked questions</h2><div class="mt-8 space-y-4">${[
        ['Can I cancel at any time?', 'Yes. Your plan stays active until the end of the billing period.'],
        ['Do you offer a free trial?', 'Every paid plan starts with a 14-day free trial, no card needed.'],
        ['Where is my data stored?', 'In EU data centres, encrypted at rest and in transit.'],
      ]
        .map(
          ([question, answer]) =>
            `<details class="${CARD}"><summary class="cursor-pointer font-medium text-gray-900">${question}</summary><p class="mt-2 text-sm text-gray-600">${answer}</p></details>`,
        )
        .join('')}</div></section>`;
    case 'newsletter':
      return `<section class="mx-auto max-w-3xl px-6 py-16"><div class="rounded-2xl bg-${accent}-600 px-6 py-10 text-center text-white"><h2 class="text-2xl font-bold">Stay in the loop</h2><p class="mt-2 text-${accent}-100">One short email a month with product news. No spam.</p><form class="mx-auto mt-6 flex max-w-md gap-2"><input type="email" placeholder="you@example.com" class="flex-1 rounded-lg px-3 py-2 text-sm text-gray-900" /><button type="submit" class="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-${accent}-700">Subscribe</button></form></div></section>`;
    case 'stats':
      return `<section class="mx-auto max-w-6xl px-6 py-16"><dl class="grid gap-6 sm:grid-cols-3">${[
        ['Customers', '12,000+'],
        ['Countries', '48'],
        ['Uptime', '99.99%'],
      ]
        .map(
          ([label, value]) =>
            `<div class="${CARD} text-center"><dt class="text-sm text-gray-500">${label}</dt><dd class="mt-2 text-3xl font-bold text-${accent}-600">${value}</dd></div>`,
        )
        .join('')}</dl></section>`;
  }
}

/** "add a section about our history" → a titled section. */
export function genericSectionSnippet(title: string, accent: string): string {
  return `<section class="mx-auto max-w-4xl px-6 py-16"><div class="${CARD}"><p class="text-sm font-semibold uppercase tracking-wide text-${accent}-600">New section</p><h2 class="mt-2 text-2xl font-bold text-gray-900">${escapeHtml(title)}</h2><p class="mt-3 text-gray-600">This section is ready for your content: replace this text with what you want to say about ${escapeHtml(title.toLowerCase())}.</p></div></section>`;
}

/** An unknown follow-up: a visible note quoting the request, so the version is never a no-op. */
export function noteSnippet(request: string, accent: string): string {
  return `<section class="mx-auto max-w-3xl px-6 py-10"><div class="rounded-xl border border-${accent}-200 bg-${accent}-50 p-6"><p class="text-sm font-semibold text-${accent}-700">Requested change</p><p class="mt-2 text-gray-800">“${escapeHtml(request)}”</p><p class="mt-2 text-sm text-gray-600">The offline demo model noted this request here. Configure an AI provider (KILN_MODEL) for free-form changes.</p></div></section>`;
}
