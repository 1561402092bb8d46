import { memo } from 'react';
import Markdown from 'react-markdown';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';

/**
 * Spec §9 'Markdown rendering of messages allows only a restricted list of tags'. Ours: text
 * formatting, lists, code, quotes, headings and links; no images, HTML blocks or tables.
 */
export const ALLOWED_MARKDOWN_TAGS = [
  'p',
  'br',
  'strong',
  'em',
  'del',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'hr',
  'a',
] as const;

const schema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...ALLOWED_MARKDOWN_TAGS],
  attributes: { a: ['href', 'title'], code: [['className', /^language-[\w-]+$/]] },
  protocols: { href: ['http', 'https', 'mailto'] },
};

/** A message's text, as sanitized Markdown (memoized: a stream re-renders the message twice a second). */
export const MessageMarkdown = memo(function MessageMarkdown({ text }: { text: string }) {
  return (
    <div className="prose-chat text-sm leading-relaxed break-words">
      <Markdown
        rehypePlugins={[[rehypeSanitize, schema]]}
        allowedElements={[...ALLOWED_MARKDOWN_TAGS]}
        unwrapDisallowed
        components={{
          a: ({ href, children }) => (
            <a
              href={href}
              target="_blank"
              rel="noreferrer noopener"
              className="font-medium text-brand-foreground underline underline-offset-2"
            >
              {children}
            </a>
          ),
        }}
      >
        {text}
      </Markdown>
    </div>
  );
});
