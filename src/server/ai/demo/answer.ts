import { FRAMEWORK_LABELS } from '../../../core/frameworks/index.ts';
import { PUBLIC_ENV_PREFIX } from '../../../core/integrations/public-env.ts';
import { contactFormFiles, wantsContactForm, type ContactFormFramework } from './backend/contact-form.ts';
import {
  guestBookFiles,
  guestBookStyle,
  wantsGuestBook,
  type GuestBookFramework,
  type GuestBookStyle,
} from './backend/guest-book.ts';
import { cloneAnswer } from './clone-answer.ts';
import { isContinuePrompt, planContinuation, readContinueTail } from './continuation.ts';
import { asEdits } from './edits.ts';
import { applyChanges } from './modify/apply.ts';
import { planImagePlacement, showImage, type ImagePlacement } from './modify/place-image.ts';
import { planChanges } from './modify/plan.ts';
import { ProjectFiles } from './modify/project-files.ts';
import { pickEntry } from './picker.ts';
import { selectionAnswer } from './selection-answer.ts';
import { entryFiles } from './project/entry-files.ts';
import type { AnswerFile, DemoRequest } from './types.ts';
import { writeAnswer } from './writer.ts';

const FOLLOW_UP_HINT =
  'Try a follow-up such as “make it dark”, “change the colour to green”, “add a footer” or “change the title to …”.';

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** The demo model's whole answer for a request; the same request always gets the same text. */
export function composeAnswer(request: DemoRequest): string {
  if (isContinuePrompt(request.prompt)) return continueAnswer(request);
  if (wantsGuestBook(request))
    return guestBookAnswer(request.framework, guestBookStyle(request.databaseProvider) ?? 'supabase');
  if (wantsContactForm(request)) return contactFormAnswer(request.framework);
  const cloned = cloneAnswer(request);
  if (cloned !== null) return cloned;
  if (request.snapshot === null) return firstAnswer(request);
  return selectionAnswer(request) ?? followUpAnswer(request);
}

function firstAnswer(request: DemoRequest): string {
  const entry = pickEntry(request.prompt);
  const label = FRAMEWORK_LABELS[request.framework];
  const files = entryFiles(request.framework, entry);
  // Style words in a first prompt ("a dark pricing table in green") apply right away.
  const project = new ProjectFiles(request.framework, files, new Set());
  const notes = applyChanges(project, planChanges(request.prompt, true));
  const placement = planImagePlacement(request.prompt, request.attachedImages);
  if (placement) notes.push(showImage(project, placement));
  const changed = new Map(project.changedFiles().map((file) => [file.name, file.content]));
  const finalFiles: AnswerFile[] = files.map((file) => ({
    name: file.name,
    content: changed.get(file.name) ?? file.content,
  }));
  // Files the style words added (a dark page's stylesheet) come after the entry's own.
  const names = new Set(files.map((file) => file.name));
  for (const [name, content] of changed) if (!names.has(name)) finalFiles.push({ name, content });
  if (placement) finalFiles.push(placedFile(placement));
  const name = entry.title.toLowerCase();
  const thinking = [
    `The request asks for ${article(name)} ${name}. I'll build ${entry.summary}.`,
    `Framework: ${label} with Tailwind CSS. Files:`,
    ...finalFiles.map((file) => `- ${file.name}`),
    request.framework === 'html'
      ? 'A single page using the Tailwind and daisyUI CDNs, with the theme on <html data-theme>.'
      : `The blank ${label} template supplies package.json and the build config, so only the app files are needed.`,
    ...notes,
  ].join('\n');
  return writeAnswer({
    thinking,
    intro: `Here is ${article(name)} ${name} built with ${label} and Tailwind CSS.`,
    artifact: { title: entry.title, files: finalFiles },
    outro: `It's ready in the preview. ${FOLLOW_UP_HINT}`,
  });
}

/** With a hosted database enabled: a guest book backed by a real table (issue 16 item 3, issue 22). */
function guestBookAnswer(framework: GuestBookFramework, style: GuestBookStyle): string {
  const files = guestBookFiles(framework, style);
  if (style === 'api') {
    return writeAnswer({
      thinking: [
        'The request asks for a guest book, and the chat has a PostgreSQL database enabled, reachable only from',
        'the server. The browser calls GET and POST /api/entries; api/index.ts (Hono and pg, DATABASE_URL from',
        'the server environment) validates the entry and writes the guest_book table. Files:',
        ...files.map((file) => `- ${file.name}`),
      ].join('\n'),
      intro: 'Here is a guest book whose server handler stores the entries in your PostgreSQL database.',
      artifact: { title: 'Guest book', files },
      outro: 'Run the migration to create the guest_book table, then sign the book in the preview.',
    });
  }
  const prefix = PUBLIC_ENV_PREFIX[framework];
  return writeAnswer({
    thinking: [
      'The request asks for a guest book, and the chat has a Supabase database enabled.',
      'I will store the entries in a guest_book table with Row Level Security, read and write it with',
      `@supabase/supabase-js using ${prefix}SUPABASE_URL and ${prefix}SUPABASE_ANON_KEY. Files:`,
      ...files.map((file) => `- ${file.name}`),
    ].join('\n'),
    intro: 'Here is a guest book that stores its entries in your Supabase database.',
    artifact: { title: 'Guest book', files },
    outro: 'Run the migration to create the guest_book table, then sign the book in the preview.',
  });
}

/** With SMTP e-mail enabled: a contact form whose `api/` handler sends the message (issue 22). */
function contactFormAnswer(framework: ContactFormFramework): string {
  const files = contactFormFiles(framework);
  return writeAnswer({
    thinking: [
      'The request asks for a contact form, and the chat has SMTP e-mail enabled. The browser posts to',
      '/api/contact; api/index.ts (Hono and nodemailer, SMTP_* from the server environment) validates the',
      'message and sends it to the sender address, replying to the visitor. Files:',
      ...files.map((file) => `- ${file.name}`),
    ].join('\n'),
    intro: 'Here is a contact form that e-mails each message to you through your SMTP server.',
    artifact: { title: 'Contact form', files },
    outro: 'Send yourself a message from the preview to try it.',
  });
}

function followUpAnswer(request: DemoRequest): string {
  const snapshot = request.snapshot ?? { title: 'Untitled', files: [] };
  const project = new ProjectFiles(request.framework, snapshot.files, request.lockedPaths);
  const found = planImagePlacement(request.prompt, request.attachedImages);
  const placement = found && !request.lockedPaths.has(found.path) ? found : undefined;
  // Placing the image is the change asked for: no 'requested change' note beside it.
  const changes = planChanges(request.prompt).filter((change) => !placement || change.kind !== 'note');
  const notes = applyChanges(project, changes);
  if (placement) notes.push(showImage(project, placement));
  // Small changes to existing files come back as edit blocks, as the system prompt asks (0044).
  const edited = asEdits(project.changedFiles(), snapshot.files);
  const files: AnswerFile[] = [...edited, ...(placement ? [placedFile(placement)] : [])];
  const locked = [...request.lockedPaths].filter((path) => project.has(path));
  const thinking = [
    `The request changes the current ${snapshot.title} project (${FRAMEWORK_LABELS[request.framework]}).`,
    `Changes: ${[...changes.map((change) => change.kind), ...(placement ? ['image'] : [])].join(', ')}.`,
    locked.length > 0 ? `Locked files I must not touch: ${locked.join(', ')}.` : 'No files are locked.',
    files.length > 0
      ? `I'll send back only the changed files: ${files.map((file) => file.name).join(', ')}.`
      : 'Nothing needs to be written.',
  ].join('\n');
  // A renamed heading renames the chat too: its title is what the page now says.
  const renamed = changes.find((change) => change.kind === 'title');
  const title =
    renamed && notes.some((note) => /^(Changed the heading|There was no heading yet)/.test(note))
      ? renamed.text
      : snapshot.title;
  return writeAnswer({
    thinking,
    intro: notes.join(' '),
    artifact: files.length > 0 ? { title, files } : null,
    outro: files.length > 0 ? 'The preview updates with the new version.' : '',
  });
}

/** The attached image as a file of the project (the server stores it when the version ends). */
function placedFile(placement: ImagePlacement): AnswerFile {
  return { name: placement.path, content: '', attachment: placement.attachment };
}

function continueAnswer(request: DemoRequest): string {
  const plan = planContinuation(request, readContinueTail(request.prompt));
  if (!plan) {
    return writeAnswer({
      thinking:
        'The previous answer was cut off, but I cannot match what is left to anything I would have written.',
      intro:
        "I couldn't tell where the previous answer stopped, so I left the files as they are. Ask for the change again and I'll write it in full.",
      artifact: null,
      outro: '',
    });
  }
  if (plan.files.length === 0) {
    return writeAnswer({
      thinking: `Every file of the ${plan.entry.title} is already complete.`,
      intro: `The ${plan.entry.title.toLowerCase()} is already complete; nothing was missing.`,
      artifact: null,
      outro: '',
    });
  }
  const continued = plan.files.find((file) => file.action === 'continue');
  const rest = plan.files.filter((file) => file.action !== 'continue').map((file) => file.name);
  const thinking = [
    continued
      ? `The previous answer stopped inside ${continued.name}; I'll pick up right after its last characters.`
      : 'The previous answer stopped between files.',
    rest.length > 0 ? `Files that never arrived: ${rest.join(', ')}.` : 'No other files are missing.',
  ].join('\n');
  return writeAnswer({
    thinking,
    intro: 'Continuing exactly where I left off.',
    artifact: { title: plan.entry.title, files: plan.files },
    outro: `That completes the ${plan.entry.title.toLowerCase()}.`,
  });
}
